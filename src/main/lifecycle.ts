import { app, dialog, type BrowserWindow } from 'electron';
import type { Logger } from '../core/ports';
import { mainStrings, type Language } from './main-strings';

/** How long quitting waits for core to stop (downloads parked, WAL checkpointed) before it quits anyway. */
export const QUIT_BOUND_MS = 5000;

/**
 * A startup that throws must not leave the user with no window and no word: a native error box with the
 * cause and the data folder, then exit non-zero. Safe before `ready` (Electron then prints to stderr).
 */
export function reportStartupFailure(error: unknown, dataDir: string): void {
  const cause = error instanceof Error ? error.message : String(error);
  console.error('Atelier could not start:', error);
  dialog.showErrorBox(
    'Atelier could not start',
    `${cause}\n\nData folder: ${dataDir}\n\nIf a file in that folder is damaged, move it away and start Atelier again.`,
  );
  app.exit(1);
}

/**
 * Quitting waits for `stop()` (core: downloads parked, SQLite WAL checkpointed), at most `boundMs`, then
 * quits for real. The first `before-quit` is held back with preventDefault; the quit we call afterwards passes.
 */
export function quitAfterStop(stop: () => Promise<void>, log: Logger, boundMs = QUIT_BOUND_MS): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.warn('core did not stop in time; quitting anyway', { boundMs });
        resolve();
      }, boundMs);
    });
    const stopped = stop().catch((e: unknown) =>
      log.error('core stop failed', { error: e instanceof Error ? e.message : String(e) }),
    );
    void Promise.race([stopped, bound]).then(() => {
      clearTimeout(timer);
      state = 'stopped';
      app.quit();
    });
  });
}

/** Says once, in a dialog over the window, that unreadable preferences were moved aside and defaults used. */
export function tellPreferencesReset(
  win: BrowserWindow | null,
  movedAside: string,
  language: Language,
): void {
  const s = mainStrings(language);
  const options = {
    type: 'warning' as const,
    message: s.prefsReset,
    detail: `${s.prefsMovedTo}\n${movedAside}`,
  };
  void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
}
