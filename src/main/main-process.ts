import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { createConsoleLogger, createCore, joinSavedTeam, type Core } from '../core';
import { createAppHandler } from '../core/app-server';
import { createDemoGateway } from '../host/demo-gateway';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { followTasks } from './desktop-integration';
import { devSwitches, type DevSwitches } from './dev-switches';
import { registerIpc } from './ipc';
import { quitAfterStop, reportStartupFailure, tellPreferencesReset } from './lifecycle';
import { createElectronPreferencesStore } from './preferences-store';
import { createSafeStorageSecrets } from './safe-storage-secrets';
import { createShellPort } from './shell-port';
import { createMainWindow, hardenSession, rendererOrigin } from './window';

export interface MainOptions {
  switches: DevSwitches;
  /** Built renderer and preload folders (out/renderer, out/preload next to out/main). */
  rendererDir?: string;
  preloadDir?: string;
}

export interface RunningApp {
  core: Core;
  window(): BrowserWindow | null;
  /** Unhooks main from core (IPC, badge/notifications), then stops core. What quitting waits for. */
  stop(): Promise<void>;
}

/** Before `ready`: our privileged scheme, the sandbox for every renderer, and the test data folder. */
export function configureApp(switches: DevSwitches): void {
  registerAppScheme();
  app.enableSandbox();
  if (switches.userData) app.setPath('userData', switches.userData);
  // Packaged, the demo gateway's clips ship as extraResources (electron-builder.json), not beside the code.
  if (app.isPackaged) process.env.ATELIER_SIM_RESOURCES = join(process.resourcesPath, 'sim');
}

/**
 * The thin Electron shell around core: window + security, IPC, safeStorage, electron-store, the
 * `atelier-app:` protocol (the shared app handler), and the desktop-only features through the shell port.
 */
export async function startApp(options: MainOptions): Promise<RunningApp> {
  const { switches } = options;
  const rendererDir = options.rendererDir ?? join(import.meta.dirname, '../renderer');
  const preloadDir = options.preloadDir ?? join(import.meta.dirname, '../preload');
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const log = createConsoleLogger(app.isPackaged ? 'info' : 'debug');
  let win: BrowserWindow | null = null;
  const prefs = createElectronPreferencesStore(dataDir);
  if (prefs.movedAside) log.warn('preferences.json could not be read; moved aside', { to: prefs.movedAside });
  const secrets = createSafeStorageSecrets(dataDir);
  // The team joined in Settings → Team (issue 29), if any; unreachable: this run is on its own, and says why.
  const team = await joinSavedTeam({ dataDir, secrets, log });
  const core = createCore({
    dataDir,
    transport: 'electron',
    appVersion: app.getVersion(),
    secrets,
    ...team,
    preferences: prefs.store,
    demo: createDemoGateway(switches.demoSpeed),
    log,
    shell: createShellPort({
      win: () => win,
      language: async () => (await core.handlers.getPreferences({})).language,
      saveDir: switches.saveDir,
    }),
  });
  hardenSession();
  handleAppProtocol(
    createAppHandler({
      rendererDir,
      resolveMedia: (p) => core.resolveMedia(p),
      // Only our own window loads `atelier-app:`: the kept first screen is painted on every load.
      keptScreen: async () => {
        const view = await core.keptScreen();
        return view ? { view, mediaQuery: null } : null;
      },
    }),
  );
  const unregisterIpc = registerIpc(core, () => win, rendererOrigin(switches.rendererUrl), log);
  await core.start();
  let unfollow = (): void => undefined;
  const stop = async (): Promise<void> => {
    unfollow();
    unregisterIpc();
    await core.stop();
  };
  quitAfterStop(stop, log);
  const open = (): BrowserWindow => {
    const w = createMainWindow(preloadDir, switches.rendererUrl);
    w.on('closed', () => {
      if (win === w) win = null;
    });
    return w;
  };
  win = open();
  unfollow = followTasks(core, () => win);
  if (prefs.movedAside) tellPreferencesReset(win, prefs.movedAside, prefs.store.read().language);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) win = open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  return { core, window: () => win, stop };
}

/** The entry point: never rejects; a failed start ends in the error dialog and a non-zero exit. */
export async function runMain(): Promise<RunningApp | null> {
  const switches = devSwitches();
  try {
    configureApp(switches);
    return await startApp({ switches });
  } catch (error) {
    let dataDir = switches.userData ?? '';
    try {
      dataDir = app.getPath('userData');
    } catch {
      // Before `ready` on some platforms: keep what we know.
    }
    reportStartupFailure(error, dataDir);
    return null;
  }
}
