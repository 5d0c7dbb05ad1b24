import type { Handlers } from '../../shared/bridge/contract';
import { firstScreen } from '../first-screen';
import type { KeptScreen } from '../kept-screen/kept-screen';
import type { createQueue } from '../queue/create-queue';
import type { createStudio } from '../studio/studio-handlers';
import { appHandlers } from './app';
import { fileHandlers } from './files';
import { libraryHandlers } from './library';
import { profileHandlers } from './profiles';
import { taskHandlers } from './tasks';
import { teamHandlers } from './team';

/** Everything the bridge's methods are built from (the composition root's objects, by name). */
export type CoreHandlerDeps = Parameters<typeof appHandlers>[0] &
  Parameters<typeof profileHandlers>[0] &
  Omit<Parameters<typeof fileHandlers>[0], 'task'> &
  Omit<Parameters<typeof taskHandlers>[0], 'deleteRow'> &
  Parameters<typeof libraryHandlers>[0] &
  Parameters<typeof teamHandlers>[0] & {
    queue: Pick<ReturnType<typeof createQueue>, 'handlers'>;
    studio: Pick<ReturnType<typeof createStudio>, 'handlers' | 'deleteTask'>;
    keptScreen: Pick<KeptScreen, 'keep'>;
  };

/** The whole bridge: each area's methods (handlers/<area>.ts, the queue, the studio) and the first screen built from them. */
export function coreHandlers(deps: CoreHandlerDeps): Handlers {
  const handlers: Handlers = {
    ...deps.queue.handlers,
    ...appHandlers(deps),
    ...profileHandlers(deps),
    ...fileHandlers({ ...deps, task: (id) => deps.engine.require(id) }),
    ...taskHandlers({ ...deps, deleteRow: (task, remove) => deps.studio.deleteTask(task, remove) }),
    ...libraryHandlers(deps),
    ...deps.studio.handlers,
    ...teamHandlers(deps),
    getFirstScreen: (input) => firstScreen(handlers, input),
    keepFirstScreen: (input) => deps.keptScreen.keep(input),
  };
  return handlers;
}
