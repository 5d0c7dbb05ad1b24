import { BridgeError } from '../../shared/bridge/result';
import type { Handlers } from '../../shared/bridge/contract';
import { errorMessage } from '../../shared/error-message';
import type { TaskStore } from '../db/task-store';
import { BOARD_PAGE } from '../first-screen';
import { importFolder } from '../library/import-folder';
import type { LibraryService } from '../library/library-service';
import type { LibraryStore } from '../library/library-store';
import type { Clock, CorePorts } from '../ports';

type LibraryMethods =
  | 'getLineage'
  | 'listBoards'
  | 'createBoard'
  | 'renameBoard'
  | 'deleteBoard'
  | 'moveToBoard'
  | 'exportTasks'
  | 'importFolder';

/** Another board has this name (case and spaces aside); `fields.name` carries the code the renderer translates. */
const nameTaken = (name: string) =>
  new BridgeError('conflict', `A board named “${name.trim()}” already exists.`, { name: 'taken' });

/** The library: lineage, boards, export and import of a folder. */
export function libraryHandlers(deps: {
  ports: CorePorts;
  store: TaskStore;
  library: LibraryService;
  libraryStore: LibraryStore;
  libraryDir: () => string;
  clock: Clock;
}): Pick<Handlers, LibraryMethods> {
  const { ports, library, libraryStore } = deps;
  return {
    getLineage: async ({ id }) => library.lineage(id),
    listBoards: async ({ cursor, limit, include, query }) =>
      libraryStore.listBoards({
        after: cursor ? Number(cursor) : null,
        limit: limit ?? BOARD_PAGE,
        include: include ?? null,
        query: query ?? '',
      }),
    createBoard: async ({ name }) => {
      const board = libraryStore.createBoard(name);
      if (board === 'taken') throw nameTaken(name);
      return board;
    },
    renameBoard: async ({ id, name }) => {
      const done = libraryStore.renameBoard(id, name);
      if (done === 'missing') throw new BridgeError('not_found', 'This board no longer exists.');
      if (done === 'taken') throw nameTaken(name);
      return { ok: true as const };
    },
    deleteBoard: async ({ id }) => {
      libraryStore.deleteBoard(id);
      return { ok: true as const };
    },
    moveToBoard: async ({ ids, boardId }) => {
      if (boardId !== null && !libraryStore.hasBoard(boardId))
        throw new BridgeError('not_found', 'This board no longer exists.');
      libraryStore.moveTasks(ids, boardId);
      return { ok: true as const };
    },
    exportTasks: async ({ ids }) => library.export(ids),
    importFolder: async ({ path }) => {
      // Like staging by path: web mode never reads folders the page names (least privilege).
      if (ports.transport === 'web')
        throw new BridgeError('forbidden', 'Import folder is available in the desktop app.');
      // The folder comes from the native picker only: a page (even a compromised one) never names a path to read.
      if (path !== null) throw new BridgeError('forbidden', 'Choose the folder in the folder picker.');
      if (!ports.shell?.chooseFolder)
        throw new BridgeError('forbidden', 'The folder picker is only available in the desktop app.');
      const dir = await ports.shell.chooseFolder(deps.libraryDir());
      if (!dir) return { scanned: 0, found: 0, imported: 0, known: 0, skipped: [], note: null, path: null };
      const done = await importFolder(dir, {
        store: deps.store,
        libraryDir: deps.libraryDir(),
        now: () => deps.clock.now(),
      }).catch((e: unknown) => {
        throw new BridgeError('not_found', `Could not read ${dir}: ${errorMessage(e)}`);
      });
      return { ...done, path: dir };
    },
  };
}
