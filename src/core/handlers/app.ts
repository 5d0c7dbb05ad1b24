import { BridgeError } from '../../shared/bridge/result';
import type { Handlers } from '../../shared/bridge/contract';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../notices/notice-board';
import type { Clock, CorePorts, PreferencesStore } from '../ports';
import { previewFileName } from '../preferences/file-name-preview';
import { mergePreferences } from '../preferences/update-preferences';

type AppMethods =
  | 'getAppInfo'
  | 'getPreferences'
  | 'updatePreferences'
  | 'chooseLibraryFolder'
  | 'previewFileName'
  | 'listNotices'
  | 'dismissNotice'
  | 'openExternal'
  | 'relaunchApp';

/** The app's own bridge methods: about, preferences, notices, the folder picker and external links. */
export function appHandlers(deps: {
  ports: CorePorts;
  preferences: PreferencesStore;
  events: CoreEvents;
  notices: NoticeBoard;
  clock: Clock;
  libraryDir: () => string;
}): Pick<Handlers, AppMethods> {
  const { ports, preferences, events, notices } = deps;
  return {
    getAppInfo: async () => ({
      name: 'Atelier',
      version: ports.appVersion,
      transport: ports.transport,
      platform: process.platform,
      dataDir: ports.dataDir,
      libraryDir: deps.libraryDir(),
      secretStorage: ports.secrets.description,
    }),
    getPreferences: async () => preferences.read(),
    updatePreferences: async (patch) => {
      const next = mergePreferences(preferences.read(), patch, ports.dataDir);
      preferences.write(next);
      events.emit('preferencesChanged', next);
      return next;
    },
    chooseLibraryFolder: async () => {
      if (!ports.shell?.chooseFolder)
        throw new BridgeError('forbidden', 'The folder picker is only available in the desktop app.');
      return { path: await ports.shell.chooseFolder(deps.libraryDir()) };
    },
    previewFileName: async ({ pattern }) => ({
      example: previewFileName(pattern, new Date(deps.clock.now())),
    }),
    listNotices: async () => notices.list(),
    dismissNotice: async ({ id }) => {
      notices.dismiss(id);
      return { ok: true as const };
    },
    openExternal: async ({ url }) => {
      if (!/^https?:\/\//i.test(url))
        throw new BridgeError('forbidden', 'Only http(s) links open externally.');
      if (!ports.shell?.openExternal)
        throw new BridgeError('forbidden', 'Opening links is not available here.');
      await ports.shell.openExternal(url);
      return { ok: true as const };
    },
    relaunchApp: async () => {
      const relaunch = ports.shell?.relaunch;
      if (!relaunch) throw new BridgeError('forbidden', 'Restarting from the page is only available in the desktop app: restart the web host instead.');
      // After this reply is on its way: quitting stops core, and this bridge with it.
      setImmediate(() => relaunch.call(ports.shell));
      return { ok: true as const };
    },
  };
}
