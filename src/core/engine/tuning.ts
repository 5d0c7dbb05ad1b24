/** Timings of the engine. Defaults suit real gateways; tests shrink them to run against a fast simulator. */
export interface EngineTuning {
  /** First poll after submission, and the step the backoff grows from. */
  pollBaseMs: number;
  /** Longest wait between polls for image and video tasks. */
  pollMaxImageMs: number;
  pollMaxVideoMs: number;
  /** Polling slows by this factor while a callback is expected (the callback is the preferred signal). */
  callbackSlowdown: number;
  /** After this long without finishing, a task is marked stalled (it can still be checked). */
  horizonImageMs: number;
  horizonVideoMs: number;
  /** How long submitTask waits for the gateway's answer before returning (errors then show on the task). */
  submitWaitMs: number;
  /** Scheduler tick when nothing is due sooner. */
  idleTickMs: number;
  /** Poll bookkeeping (next poll time, poll count) is kept in memory and written this often (default 3 s). */
  bookFlushMs?: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  pollBaseMs: 2_000,
  pollMaxImageMs: 8_000,
  pollMaxVideoMs: 20_000,
  callbackSlowdown: 4,
  horizonImageMs: 60 * 60_000,
  horizonVideoMs: 6 * 60 * 60_000,
  submitWaitMs: 2_500,
  idleTickMs: 1_000,
  bookFlushMs: 3_000,
};

/** Tests: a fast simulator finishes in well under a second. */
export const FAST_TUNING: EngineTuning = {
  pollBaseMs: 40,
  pollMaxImageMs: 200,
  pollMaxVideoMs: 300,
  callbackSlowdown: 4,
  horizonImageMs: 60_000,
  horizonVideoMs: 120_000,
  submitWaitMs: 2_000,
  idleTickMs: 50,
  bookFlushMs: 200,
};
