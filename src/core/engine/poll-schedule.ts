import type { EngineTuning } from './tuning';

/**
 * Delay before the next poll: quick at first, growing ×1.5 per poll up to a cap (longer for video), with
 * ±20 % jitter so many tasks never poll in lockstep. A delay the server asked for (Retry-After,
 * openai-poll-after-ms) is honoured as a floor.
 */
export function nextPollDelay(
  opts: { output: 'image' | 'video'; pollCount: number; serverHintMs: number | null; callbackExpected: boolean },
  tuning: EngineTuning,
  random: () => number = Math.random,
): number {
  const cap = opts.output === 'video' ? tuning.pollMaxVideoMs : tuning.pollMaxImageMs;
  let delay = Math.min(cap, tuning.pollBaseMs * 1.5 ** Math.min(opts.pollCount, 20));
  if (opts.callbackExpected) delay *= tuning.callbackSlowdown;
  delay *= 0.8 + 0.4 * random();
  return Math.round(Math.max(delay, opts.serverHintMs ?? 0));
}
