import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The Electron executable, or null with the reason. Deliberately not `require('electron')`: in Electron 45
 * that call *downloads* the binary when it is missing, which cannot work on our build machines (no
 * internet, `ELECTRON_SKIP_BINARY_DOWNLOAD=1`).
 */
export function electronBinary(): { path: string } | { path: null; reason: string } {
  const pkg = resolve('node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const rel = existsSync(pathFile)
    ? readFileSync(pathFile, 'utf8').trim()
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
  const path = override ? join(override, rel) : join(pkg, 'dist', rel);
  if (existsSync(path)) return { path };
  return {
    path: null,
    reason: `No Electron binary at ${path} (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1?); the shell is covered by the pure security-policy unit tests and the web e2e.`,
  };
}
