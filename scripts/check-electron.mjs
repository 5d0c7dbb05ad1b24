#!/usr/bin/env node
// `npm start` runs this first: where Electron's binary was never downloaded (offline installs, CI with
// ELECTRON_SKIP_BINARY_DOWNLOAD=1) it prints the two ways on instead of electron-vite's stack trace.
// It only looks for the file: `require('electron')` would try to download the binary.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const pkg = resolve(import.meta.dirname, '../node_modules/electron');
const pathFile = join(pkg, 'path.txt');
const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const rel = existsSync(pathFile)
  ? readFileSync(pathFile, 'utf8').trim()
  : process.platform === 'win32'
    ? 'electron.exe'
    : process.platform === 'darwin'
      ? 'Electron.app/Contents/MacOS/Electron'
      : 'electron';
const binary = override ? join(override, rel) : join(pkg, 'dist', rel);

if (!existsSync(binary)) {
  process.stderr.write(
    [
      '',
      "Atelier's desktop app cannot start: Electron's binary is not installed",
      `(looked for ${binary}; the install probably ran offline or with ELECTRON_SKIP_BINARY_DOWNLOAD=1).`,
      '',
      'Two ways on:',
      '  1. With network access, reinstall Electron:   rm -rf node_modules/electron && npm install',
      '     (with ELECTRON_SKIP_BINARY_DOWNLOAD unset)',
      '  2. Or run the same app in your browser:       npm run web',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
