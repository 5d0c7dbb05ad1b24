import { join } from 'node:path';
import { BrowserWindow, session, shell } from 'electron';
import { RENDERER_CSP } from '../core/app-server';
import { APP_ORIGIN } from './app-protocol';
import { decideWindowOpen, isNavigationAllowed, isPermissionGranted } from './security-policy';

/**
 * The origin our renderer is loaded from: our scheme, or the electron-vite dev server when the dev switch
 * names one (dev-switches.ts honours it only in an unpackaged app).
 */
export const rendererOrigin = (devUrl: string | null): string =>
  devUrl ? new URL(devUrl).origin : APP_ORIGIN;

/** Security baseline applied once per session: CSP on every response, every permission request denied. */
export function hardenSession(): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
  ses.setPermissionRequestHandler((_wc, permission, callback) => callback(isPermissionGranted(permission)));
  ses.setPermissionCheckHandler((_wc, permission) => isPermissionGranted(permission));
}

export function createMainWindow(preloadDir: string, devUrl: string | null): BrowserWindow {
  const origin = rendererOrigin(devUrl);
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Atelier',
    backgroundColor: '#111318',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  // No new windows: http(s) links open in the user's browser, everything else is dropped.
  win.webContents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally) void shell.openExternal(decision.openExternally);
    return { action: decision.action };
  });
  // No in-app navigation away from our own origin (parsed origins, not string prefixes).
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url, origin)) event.preventDefault();
  };
  win.webContents.on('will-navigate', guard);
  win.webContents.on('will-redirect', guard);
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  void (devUrl ? win.loadURL(devUrl) : win.loadURL(`${APP_ORIGIN}/index.html`));
  return win;
}
