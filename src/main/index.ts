import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { createConsoleLogger, createCore } from '../core';
import { createDemoGateway } from '../host/demo-gateway';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { registerIpc } from './ipc';
import { handleMediaProtocol, registerMediaScheme } from './media-protocol';
import { createElectronPreferencesStore } from './preferences-store';
import { createSafeStorageSecrets } from './safe-storage-secrets';
import { createMainWindow, hardenSession, rendererOrigin } from './window';

/** The thin Electron shell: window, security, IPC, safeStorage, electron-store, media protocol. */
registerAppScheme();
registerMediaScheme();
app.enableSandbox();

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
      openExternal: (url) => shell.openExternal(url),
    },
  });
  hardenSession();
  handleAppProtocol(join(import.meta.dirname, '../renderer'));
  handleMediaProtocol(() => core.mediaRoots());
  registerIpc(core, () => win, rendererOrigin(), log);
  await core.start();
  win = createMainWindow(join(import.meta.dirname, '../preload'));
  win.on('closed', () => (win = null));
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) win = createMainWindow(join(import.meta.dirname, '../preload'));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void core.stop());
}

void main();
