import { BridgeError } from '../../shared/bridge/result';
import type { TaskFilter } from '../../shared/domain/task';
import { InvalidCursorError } from './cursor';
import type { TaskStore } from './task-store';

/** One gallery page with its counts (read once); a cursor this build did not hand out (forged, truncated) is the caller's mistake. */
export function listPage(
  store: TaskStore,
  filter: TaskFilter,
  cursor: string | null,
  limit: number,
): ReturnType<TaskStore['listWithCounts']> {
  try {
    return store.listWithCounts(filter, cursor, limit);
  } catch (e) {
    if (e instanceof InvalidCursorError)
      throw new BridgeError('invalid_input', 'This gallery cursor is not valid; reload the gallery.', {
        cursor: 'invalid',
      });
    throw e;
  }
}
