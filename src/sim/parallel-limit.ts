import type { Route, SimContext } from './context';
import type { Exchange } from './exchange';
import { badRequest, readBody, sendJson } from './exchange';
import { finishedAt } from './timeline';
import type { SimFamily, SimParallelFigures } from './types';

/**
 * The key's parallel limit, as Kling enforces its resource pack ("parallel task over resource pack limit",
 * code 1303): a submission while `limit` tasks of the key are unfinished is refused and creates nothing.
 *
 * How the refusal looks depends on the family, as on the real gateways (api-notes C): the task gateway and
 * the vendor family answer HTTP 200 with `code: 1303` in the envelope; the others answer 429 with
 * `code: "parallel_limit"`. Image edits are synchronous (no task stays behind) and are not limited.
 */
export const ENVELOPE_REFUSERS: ReadonlySet<SimFamily> = new Set(['gateway', 'vendor']);
const LIMITED: ReadonlySet<SimFamily> = new Set(['gateway', 'vendor', 'videos', 'unifiedVideo', 'unifiedImage']);
export const PARALLEL_MESSAGE = 'parallel task over resource pack limit';

/** One simulator's limit and its figures; submissions admitted but not yet answered count as running. */
export class ParallelLimit {
  /** Submissions past the check whose task is not stored yet (their handler is still reading the body). */
  private admitted = 0;
  private peak = 0;
  private refused = 0;

  private limit: number | null = null;

  constructor(limit: number | null) {
    this.set(limit);
  }

  /** Sets the limit; the figures start again from here (a peak from before, with no limit, says nothing). */
  set(limit: number | null): void {
    this.limit = limit !== null && Number.isInteger(limit) && limit > 0 ? limit : null;
    this.peak = 0;
    this.refused = 0;
  }

  /** Unfinished tasks of the key now (every family that keeps tasks). */
  running(ctx: SimContext): number {
    const now = ctx.now();
    let n = 0;
    for (const tasks of ctx.tasks.values()) for (const t of tasks.values()) if (finishedAt(t.timeline) > now) n++;
    return n;
  }

  figures(ctx: SimContext): SimParallelFigures {
    return { limit: this.limit, running: this.running(ctx), peak: this.peak, refused: this.refused };
  }

  /**
   * Admits a submission or refuses it (answered here; true = dealt with). An admitted one holds its place
   * until its answer is written, so two submissions arriving together cannot both take the last slot.
   */
  async refuse(ex: Exchange, ctx: SimContext, family: SimFamily): Promise<boolean> {
    if (!LIMITED.has(family)) return false;
    const inFlight = this.running(ctx) + this.admitted;
    if (this.limit === null || inFlight < this.limit) {
      this.admitted++;
      this.peak = Math.max(this.peak, inFlight + 1);
      ex.res.once('close', () => this.admitted--);
      return false;
    }
    this.refused++;
    ex.entry.refusal = 'parallelLimit';
    await recordBody(ex);
    const message = `${PARALLEL_MESSAGE} (${this.limit} running)`;
    if (ENVELOPE_REFUSERS.has(family)) sendJson(ex, 200, { code: 1303, message, data: null });
    else sendJson(ex, 429, { code: 'parallel_limit', message }, { 'retry-after': '2' });
    return true;
  }
}

/** Reads the refused request's JSON into the log (tests identify which task was refused by its prompt). */
async function recordBody(ex: Exchange): Promise<void> {
  try {
    const raw = await readBody(ex.req, 64 * 1024 * 1024);
    ex.entry.json = JSON.parse(raw.toString('utf8'));
  } catch {
    // An unreadable body does not change the answer.
  }
}

/** `GET|POST /__sim/parallel-limit` (`{"limit": n | null}`): out-of-process tests read and change the limit. */
export function parallelRoutes(parallel: ParallelLimit): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/__sim\/parallel-limit$/,
      family: 'control',
      auth: 'none',
      handle: (ex, ctx) => sendJson(ex, 200, parallel.figures(ctx)),
    },
    {
      method: 'POST',
      pattern: /^\/__sim\/parallel-limit$/,
      family: 'control',
      auth: 'none',
      handle: async (ex, ctx) => {
        let limit: unknown;
        try {
          limit = (JSON.parse((await readBody(ex.req, 1024)).toString('utf8')) as { limit?: unknown }).limit;
        } catch {
          throw badRequest('body must be {"limit": <positive integer> | null}');
        }
        if (limit !== null && !(typeof limit === 'number' && Number.isInteger(limit) && limit > 0))
          throw badRequest('limit must be a positive integer or null');
        parallel.set(limit);
        sendJson(ex, 200, parallel.figures(ctx));
      },
    },
  ];
}
