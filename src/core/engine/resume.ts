import { setImmediate as nextTurn } from 'node:timers/promises';
import { errorMessage } from '../../shared/error-message';
import type { ResumeItem } from '../db/task-lookups';
import type { EngineContext } from './engine-context';
import { isDiskFull } from './write-guard';

/** Tasks read and resumed in one turn of the event loop (one commit): about a millisecond of work. */
export const RESUME_PAGE = 256;

export interface ResumeOptions {
  /** Aborted when the engine stops: the resume stops between two pages. */
  signal: AbortSignal;
  /** Tasks this engine already changed since it started: their state is this run's, not a leftover. */
  touched: ReadonlySet<string>;
  /** A task whose files are still to be fetched (the engine starts those a few per turn). */
  download: (id: string) => void;
  pageSize?: number;
}

/**
 * What a restart does to every unfinished task, through the lifecycle (`ctx.raise`): an interrupted
 * submission becomes never sent (Send is offered) or maybe sent (the user decides); a task with a gateway
 * id is polled again, its callback token remembered; a task with files to fetch is handed to `download`.
 *
 * It runs after start, a page of tasks per turn of the event loop (each page one commit, not one fsync'd
 * transaction per task), so the app answers while a large history resumes. Only the rows that existed when
 * it began are read (a task made in this run is this run's), and a task this run already changed is left
 * as it is: a send the user or the queue started meanwhile is never taken for an interrupted one.
 */
export async function resumeTasks(ctx: EngineContext, opts: ResumeOptions): Promise<void> {
  const { store } = ctx;
  const upToSeq = store.lastSeq();
  let after: { createdAt: number; id: string } | null = null;
  for (;;) {
    await nextTurn();
    if (opts.signal.aborted || store.closed) return;
    const page = store.resumeWork({ after, upToSeq, limit: opts.pageSize ?? RESUME_PAGE });
    const last = page.at(-1);
    if (!last) return;
    after = { createdAt: last.createdAt, id: last.id };
    if (!resumePage(ctx, page, opts)) return;
  }
}

/** One page in one commit; false when the disk is full (what could not be marked is retried next start). */
function resumePage(ctx: EngineContext, page: ResumeItem[], opts: ResumeOptions): boolean {
  const { store, writer, callbackTokens } = ctx;
  const downloads: string[] = [];
  try {
    store.transaction(() => {
      for (const w of page) {
        if (opts.touched.has(w.id)) continue;
        // Team mode: another machine's task (no lease held here) is left to its holder.
        if (ctx.team && !ctx.team.mayWork(w.id)) continue;
        if (w.status === 'submitting') {
          if (!ctx.raise(w.id, { type: 'not-sent' }))
            ctx.raise(w.id, { type: 'maybe-sent', cause: 'restart', message: '' });
        } else if (w.status === 'downloading' || w.status === 'succeeded') downloads.push(w.id);
        else if (w.needsPoll) {
          const token = writer.get(w.id)?.internal.callbackToken;
          if (token) callbackTokens.set(token, w.id);
          ctx.raise(w.id, { type: 'resumed' });
        }
      }
    });
  } catch (e) {
    // A full disk must not stop the app: what could not be marked is retried next start.
    if (!isDiskFull(e)) throw e;
    ctx.log.error('resuming tasks failed: disk full', { error: errorMessage(e) });
    return false;
  }
  // After the commit: a download reads the row the page just wrote.
  for (const id of downloads) opts.download(id);
  return true;
}

/**
 * Hands ids to `start` a few per turn of the event loop (while `running`), so a large backlog of resumed
 * downloads never delays what the user asks for.
 */
export function trickle(
  start: (id: string) => void,
  running: () => boolean,
  perTurn = 8,
): (id: string) => void {
  const waiting: string[] = [];
  const next = (): void => {
    if (!running()) return;
    for (const id of waiting.splice(0, perTurn)) start(id);
    if (waiting.length > 0) setImmediate(next);
  };
  return (id) => {
    if (waiting.push(id) === 1) setImmediate(next);
  };
}
