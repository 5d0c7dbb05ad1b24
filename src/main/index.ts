import { join } from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import { createConsoleLogger, createCore } from '../core';
import { createDemoGateway } from '../host/demo-gateway';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { registerIpc } from './ipc';
import { createAppHandler } from '../core/app-server';
import { createElectronPreferencesStore } from './preferences-store';
import { createSafeStorageSecrets } from './safe-storage-secrets';
import { createMainWindow, hardenSession, rendererOrigin } from './window';
import { followTasks } from './desktop-integration';
import { startDragOut } from './drag-out';
import { mainStrings } from './main-strings';
import { isExternalLinkAllowed } from './security-policy';

/** The thin Electron shell: window, security, IPC, safeStorage, electron-store, media protocol. */
registerAppScheme();
app.enableSandbox();
// Tests (e2e/electron) run the app against a throw-away data folder; a packaged app ignores this.
if (!app.isPackaged && process.env.ATELIER_USER_DATA) app.setPath('userData', process.env.ATELIER_USER_DATA);

let win: BrowserWindow | null = null;

async function main(): Promise<void> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const log = createConsoleLogger(app.isPackaged ? 'info' : 'debug');
  const core = createCore({
    dataDir,
    transport: 'electron',
    appVersion: app.getVersion(),
    secrets: createSafeStorageSecrets(dataDir),
    preferences: createElectronPreferencesStore(dataDir),
    demo: createDemoGateway('real'),
    log,
    shell: {
      revealPath: (p) => shell.showItemInFolder(p),
      // Core checks http(s) too; the shell checks again because this is the call that reaches the OS.
      openExternal: async (url) => {
        if (isExternalLinkAllowed(url)) await shell.openExternal(url);
      },
      chooseFolder: async (current) => {
        const title = mainStrings((await core.handlers.getPreferences({})).language).chooseLibrary;
        const options = {
          title,
          defaultPath: current,
          properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
        };
        const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return picked.canceled ? null : (picked.filePaths[0] ?? null);
      },
      startDrag: (file) => startDragOut(win, file),
    },
  });
  hardenSession();
  handleAppProtocol(
    createAppHandler({
      rendererDir: join(import.meta.dirname, '../renderer'),
      resolveMedia: (p) => core.resolveMedia(p),
    }),
  );
  registerIpc(core, () => win, rendererOrigin(), log);
  await core.start();
  win = createMainWindow(join(import.meta.dirname, '../preload'));
  win.on('closed', () => (win = null));
  followTasks(core, () => win);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0)
      win = createMainWindow(join(import.meta.dirname, '../preload'));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void core.stop());
}

void main();
