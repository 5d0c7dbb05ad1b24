import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, matchesGlob, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * `npm run dist` cannot download Electron here, so the installers' configuration is checked as data:
 * targets, files, natives unpacked from the asar, the simulator's clips shipped, fuses set; and the
 * `npm start` pre-check is run for real.
 */
const root = join(import.meta.dirname, '../..');
const builderSchema = z.object({
  appId: z.string(),
  productName: z.literal('Atelier'),
  files: z.array(z.string()),
  asar: z.literal(true),
  asarUnpack: z.array(z.string()),
  extraResources: z.array(z.object({ from: z.string(), to: z.string() })),
  electronFuses: z.record(z.string(), z.boolean()),
  linux: z.object({ target: z.array(z.string()) }),
  mac: z.object({ target: z.array(z.string()) }),
  win: z.object({ target: z.array(z.string()) }),
});
const config = builderSchema.parse(JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')));
const pkg = z
  .object({
    main: z.string(),
    scripts: z.record(z.string(), z.string()),
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
    allowScripts: z.record(z.string(), z.boolean()),
  })
  .parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));

const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
const unpacked = (file: string): boolean => config.asarUnpack.some((glob) => matchesGlob(file, glob));

describe('installers (electron-builder)', () => {
  it('build AppImage and deb, dmg, nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('ship the built app (main points into it) and not the sources', () => {
    expect(config.files).toContain('out/**/*');
    expect(config.files).toContain('package.json');
    expect(pkg.main.startsWith('./out/')).toBe(true);
    for (const excluded of ['!src/**', '!e2e/**', '!**/*.map']) expect(config.files).toContain(excluded);
  });

  it('unpack every native binary of libsql and sharp from the asar', () => {
    const natives = ['node_modules/libsql', 'node_modules/@libsql', 'node_modules/@img']
      .flatMap(filesUnder)
      .filter((f) => /\.(node|so(\.\d+)*|dylib|dll)$/.test(f));
    expect(natives.length).toBeGreaterThan(0);
    expect(natives.filter((f) => !unpacked(f))).toEqual([]);
    expect(unpacked('node_modules/sharp/lib/index.js')).toBe(true);
    expect(unpacked('node_modules/react/index.js')).toBe(false);
  });

  it('ship the demo gateway’s clips as resources/sim', () => {
    expect(config.extraResources).toContainEqual(
      expect.objectContaining({ from: 'resources/sim', to: 'sim' }),
    );
    expect(filesUnder('resources/sim').some((f) => f.endsWith('.mp4'))).toBe(true);
  });

  it('set the fuses: no RunAsNode, no NODE_OPTIONS or --inspect, asar integrity, app only from asar', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('npm run dist builds them; electron and electron-builder are dependencies with their install scripts approved', () => {
    expect(pkg.scripts.dist).toMatch(/electron-vite build && electron-builder/);
    expect(pkg.devDependencies).toHaveProperty('electron');
    expect(pkg.devDependencies).toHaveProperty('electron-builder');
    expect(pkg.allowScripts.electron).toBe(true);
  });
});

describe('npm start without the Electron binary', () => {
  const check = (distDir: string) =>
    spawnSync(process.execPath, [join(root, 'scripts/check-electron.mjs')], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: distDir },
      encoding: 'utf8',
    });

  it('npm start runs the check before electron-vite', () => {
    expect(pkg.scripts.start).toMatch(/^node scripts\/check-electron\.mjs && electron-vite preview/);
  });

  it('prints the clear message with both ways on, and fails', () => {
    const empty = mkdtempSync(join(tmpdir(), 'atelier-no-electron-'));
    try {
      const run = check(empty);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("Electron's binary is not installed");
      expect(run.stderr).toContain('npm install');
      expect(run.stderr).toContain('npm run web');
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('stays quiet and succeeds where the binary exists', () => {
    const dist = mkdtempSync(join(tmpdir(), 'atelier-electron-'));
    const rel =
      process.platform === 'win32'
        ? 'electron.exe'
        : process.platform === 'darwin'
          ? 'Electron.app/Contents/MacOS/Electron'
          : 'electron';
    try {
      const pathTxt = join(root, 'node_modules/electron/path.txt');
      const name = (() => {
        try {
          return readFileSync(pathTxt, 'utf8').trim();
        } catch {
          return rel;
        }
      })();
      if (name.includes('/')) return; // macOS app bundle layout: covered by the message test
      writeFileSync(join(dist, name), '');
      const run = check(dist);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
