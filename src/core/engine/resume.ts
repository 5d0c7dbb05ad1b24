import { errorMessage } from '../../shared/error-message';
import type { EngineContext } from './engine-context';
import { isDiskFull } from './write-guard';

/**
 * What a restart does to every unfinished task, through the lifecycle (`ctx.raise`): an interrupted
 * submission becomes never sent (Send is offered) or maybe sent (the user decides); a task with a gateway
 * id is polled again, its callback token remembered. Reads only the tasks with work to do now, in one
 * commit (not one fsync'd transaction per task). Answers the tasks whose files are still to be fetched.
 */
export function resumeTasks(ctx: EngineContext): string[] {
  const { store, writer, callbackTokens } = ctx;
  const downloads: string[] = [];
  try {
    store.transaction(() => {
      for (const w of store.resumeWork()) {
        // Team mode: another machine's task (no lease held here) is left to its holder.
        if (ctx.team && !ctx.team.mayWork(w.id)) continue;
        if (w.status === 'submitting') {
          if (!ctx.raise(w.id, { type: 'not-sent' })) ctx.raise(w.id, { type: 'maybe-sent', cause: 'restart', message: '' });
        } else if (w.status === 'downloading' || w.status === 'succeeded') downloads.push(w.id);
        else if (w.needsPoll) {
          const token = writer.get(w.id)?.internal.callbackToken;
          if (token) callbackTokens.set(token, w.id);
          ctx.raise(w.id, { type: 'resumed' });
        }
      }
    });
  } catch (e) {
    // A full disk must not stop the app from starting: what could not be marked is retried next start.
    if (!isDiskFull(e)) throw e;
    ctx.log.error('resuming tasks failed: disk full', { error: errorMessage(e) });
  }
  return downloads;
}
