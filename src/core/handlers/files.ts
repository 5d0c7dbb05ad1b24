import { basename } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import type { Handlers } from '../../shared/bridge/contract';
import type { TaskRecord } from '../tasks/task-record';
import type { InputStore } from '../inputs/input-store';
import { inspectStagedFile } from '../inputs/inspect-input';
import type { LibraryService } from '../library/library-service';
import type { LibraryStore } from '../library/library-store';
import type { MediaRootName } from '../media/resolve-media-path';
import type { CorePorts } from '../ports';
import { copyResult, resultPath } from '../tasks/task-files';

type FileMethods =
  | 'startDragResult'
  | 'stageInputFromPath'
  | 'stageInputBytes'
  | 'saveResultAs'
  | 'revealResult'
  | 'inspectInput'
  | 'recordFrameOrigin';

/** Files in and out: staged inputs, and a result's file dragged, saved or revealed through the shell. */
export function fileHandlers(deps: {
  ports: CorePorts;
  inputs: InputStore;
  library: LibraryService;
  libraryStore: LibraryStore;
  task: (id: string) => TaskRecord;
  roots: () => Record<MediaRootName, string>;
}): Pick<Handlers, FileMethods> {
  const { ports, inputs } = deps;
  const fileOf = (id: string, index: number) => resultPath(deps.task(id), index, deps.roots());
  /** A result's file handed to a desktop-only shell action (drag out, reveal). */
  const inShell =
    (act: 'startDrag' | 'revealPath', unavailable: string) =>
    async ({ id, index }: { id: string; index: number }) => {
      const path = fileOf(id, index);
      const run = ports.shell?.[act];
      if (!run) throw new BridgeError('forbidden', unavailable);
      run.call(ports.shell, path);
      return { ok: true as const };
    };
  return {
    startDragResult: inShell('startDrag', 'Dragging files out is only available in the desktop app.'),
    stageInputFromPath: async ({ path }) => {
      // The web page never names paths (a token holder could read any file): uploads are its way in.
      if (ports.transport === 'web')
        throw new BridgeError('forbidden', 'Web mode stages files by upload, not by path.');
      return inputs.stageFromPath(path);
    },
    stageInputBytes: async ({ name, mime, bytes, origin }) => {
      const ref = await inputs.stageBytes(name, mime, bytes);
      if (origin) deps.libraryStore.setOrigin(ref.id, origin);
      return ref;
    },
    saveResultAs: async ({ id, index }) => {
      const source = fileOf(id, index);
      // Only the shell's own dialog names the target; web mode saves through a browser download instead.
      if (!ports.shell?.chooseSavePath)
        throw new BridgeError('forbidden', 'Save as is only available in the desktop app.');
      const target = await ports.shell.chooseSavePath(basename(source));
      if (!target) return { path: null };
      await copyResult(source, target);
      return { path: target };
    },
    revealResult: inShell('revealPath', 'Revealing files is only available in the desktop app.'),
    inspectInput: async ({ id }) => {
      if (!inputs.has(id)) throw new BridgeError('not_found', 'This file is no longer staged.');
      return inspectStagedFile(inputs.pathOf(id), (p) => deps.library.inspect(p));
    },
    recordFrameOrigin: async ({ inputId, origin }) => {
      if (!inputs.has(inputId)) throw new BridgeError('not_found', 'This file is no longer staged.');
      deps.libraryStore.setOrigin(inputId, origin);
      return { ok: true as const };
    },
  };
}
