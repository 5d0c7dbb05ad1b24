import { join } from 'node:path';
import { app, dialog, shell, type BrowserWindow } from 'electron';
import type { ShellPort } from '../core/ports';
import { startDragOut } from './drag-out';
import { mainStrings, type Language } from './main-strings';
import { isExternalLinkAllowed } from './security-policy';

export interface ShellPortDeps {
  win(): BrowserWindow | null;
  language(): Promise<Language>;
  /** Test-only save folder (dev switches; never in a packaged app): Save as writes there without a dialog. */
  saveDir: string | null;
}

/**
 * The desktop-only features core reaches through its shell port: Save as (main's own save dialog: the
 * renderer never names the target), reveal in folder, the library folder picker, links, and drag-out.
 */
export function createShellPort(deps: ShellPortDeps): ShellPort {
  let relaunching = false;
  return {
    revealPath: (p) => shell.showItemInFolder(p),
    // Core checks http(s) too; the shell checks again because this is the call that reaches the OS.
    openExternal: async (url) => {
      if (isExternalLinkAllowed(url)) await shell.openExternal(url);
    },
    chooseSavePath: async (suggestedName) => {
      if (deps.saveDir) return join(deps.saveDir, suggestedName);
      const options = {
        title: mainStrings(await deps.language()).saveAs,
        defaultPath: join(app.getPath('downloads'), suggestedName),
      };
      const w = deps.win();
      const picked = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options);
      return picked.canceled || !picked.filePath ? null : picked.filePath;
    },
    chooseFolder: async (current) => {
      const options = {
        title: mainStrings(await deps.language()).chooseLibrary,
        defaultPath: current,
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      };
      const w = deps.win();
      const picked = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    startDrag: (file) => startDragOut(deps.win(), file),
    // Electron starts the new instance once this one has quit; quitting waits for core to stop (lifecycle.ts).
    // Once only: Electron starts one new instance per `app.relaunch()` call (a second click, a replayed call).
    relaunch: () => {
      if (relaunching) return;
      relaunching = true;
      app.relaunch();
      app.quit();
    },
  };
}
