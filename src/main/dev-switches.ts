import { app } from 'electron';

/**
 * Test and development switches, honoured only when `!app.isPackaged`: a packaged app ignores them all (an
 * `ELECTRON_RENDERER_URL` set on a user's machine must never become the trusted renderer origin).
 */
export interface DevSwitches {
  /** electron-vite's dev server (`npm run dev`). */
  rendererUrl: string | null;
  /** A throw-away data folder (e2e/electron). */
  userData: string | null;
  /** Save as writes here without a dialog (e2e/electron cannot click a native dialog). */
  saveDir: string | null;
  /** The demo gateway's speed (e2e/electron wants finished results quickly); default 'real'. */
  demoSpeed: 'instant' | 'fast' | 'real';
}

const NONE: DevSwitches = { rendererUrl: null, userData: null, saveDir: null, demoSpeed: 'real' };

export function devSwitches(env: NodeJS.ProcessEnv = process.env): DevSwitches {
  if (app.isPackaged) return NONE;
  return {
    rendererUrl: env.ELECTRON_RENDERER_URL || null,
    userData: env.ATELIER_USER_DATA || null,
    saveDir: env.ATELIER_TEST_SAVE_DIR || null,
    demoSpeed:
      env.ATELIER_DEMO_SPEED === 'instant' || env.ATELIER_DEMO_SPEED === 'fast'
        ? env.ATELIER_DEMO_SPEED
        : 'real',
  };
}
