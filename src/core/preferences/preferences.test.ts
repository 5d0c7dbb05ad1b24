import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../shared/bridge/dispatch';
import { BridgeError } from '../../shared/bridge/result';
import { createCore } from '../create-core';
import { createMemorySecretStore } from '../storage/file-secret-store';
import { createJsonPreferencesStore } from '../storage/json-preferences-store';
import { defaultPreferences } from '../../shared/domain/preferences';
import { mergePreferences } from './update-preferences';
import { previewFileName } from './file-name-preview';

const base = mkdtempSync(join(tmpdir(), 'atelier-prefs-'));
afterAll(() => {
  if (existsSync(join(base, 'readonly'))) chmodSync(join(base, 'readonly'), 0o755);
  if (existsSync(join(base, 'readonly', 'inner'))) chmodSync(join(base, 'readonly', 'inner'), 0o755);
  rmSync(base, { recursive: true, force: true });
});

const problem = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    if (e instanceof BridgeError) return `${e.code}:${e.fields?.libraryDir}`;
    throw e;
  }
  return undefined;
};

const dataDir = join(base, 'data');
const merge = (p: Parameters<typeof mergePreferences>[1], current = defaultPreferences) =>
  mergePreferences(current, p, dataDir);

describe('library folder check', () => {
  it('accepts an existing writable folder; refuses a missing one (no folder is created on request)', () => {
    const dir = join(base, 'new', 'library');
    expect(problem(() => merge({ libraryDir: dir }))).toBe('invalid_input:missing');
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir, { recursive: true });
    expect(merge({ libraryDir: `  ${dir} ` }).libraryDir).toBe(dir);
  });
  it('refuses relative paths, files and unwritable folders with a coded invalid_input', () => {
    writeFileSync(join(base, 'a-file'), 'x');
    expect(problem(() => merge({ libraryDir: 'relative/dir' }))).toBe('invalid_input:notAbsolute');
    expect(problem(() => merge({ libraryDir: join(base, 'a-file') }))).toBe('invalid_input:notADirectory');
    const ro = join(base, 'readonly');
    mkdirSync(join(ro, 'inner'), { recursive: true });
    chmodSync(ro, 0o555);
    chmodSync(join(ro, 'inner'), 0o555);
    // root can write anywhere, so only assert where permissions apply.
    if (process.getuid?.() !== 0)
      expect(problem(() => merge({ libraryDir: join(ro, 'inner') }))).toBe('invalid_input:notWritable');
    chmodSync(join(ro, 'inner'), 0o755);
  });
  it('refuses the data folder, a folder inside it, an ancestor of it, a system folder and the root', () => {
    mkdirSync(join(dataDir, 'inputs'), { recursive: true });
    expect(problem(() => merge({ libraryDir: dataDir }))).toBe('invalid_input:dataFolder');
    expect(problem(() => merge({ libraryDir: join(dataDir, 'inputs') }))).toBe('invalid_input:dataFolder');
    expect(problem(() => merge({ libraryDir: base }))).toBe('invalid_input:dataFolder');
    expect(problem(() => merge({ libraryDir: '/' }))).toBe('invalid_input:systemFolder');
    if (process.platform !== 'win32')
      expect(problem(() => merge({ libraryDir: '/etc' }))).toBe('invalid_input:systemFolder');
  });
  it('an empty value means the default folder and is not checked; other fields pass through', () => {
    expect(merge({ libraryDir: '' }, { ...defaultPreferences, libraryDir: '/somewhere' }).libraryDir).toBe(
      '',
    );
    expect(merge({ maxRequestsInFlight: 9 }).maxRequestsInFlight).toBe(9);
  });
});

describe('file-name preview', () => {
  it('uses the real pattern function with sample values', () => {
    const name = previewFileName('{date}_{operation}_{prompt}_{index}', new Date(2025, 0, 31, 13, 5, 9));
    expect(name).toMatch(/^2025-01-31_text2video_A-red-fox[^/]*_1\.mp4$/);
    expect(previewFileName('{model}-{task}-{time}', new Date(2025, 0, 31, 13, 5, 9))).toBe(
      'kling-v2-master-3f9c2a1b-13-05-09.mp4',
    );
  });
});

describe('updatePreferences through the bridge boundary', () => {
  it('a patch changes only the fields it names (no defaults sneak in)', async () => {
    const dataDir = join(base, 'core');
    const core = createCore({
      dataDir,
      transport: 'web',
      appVersion: 't',
      secrets: createMemorySecretStore(),
      preferences: createJsonPreferencesStore(dataDir),
    });
    const library = join(base, 'lib2');
    mkdirSync(library);
    for (const patch of [
      { libraryDir: library },
      { fileNamePattern: '{task}_{index}' },
      { maxRequestsInFlight: 9 },
      { theme: 'dark' },
      { notifications: true },
    ])
      expect((await dispatch(core.handlers, 'updatePreferences', patch)).ok).toBe(true);
    const prefs = await dispatch(core.handlers, 'getPreferences', {});
    expect(prefs).toMatchObject({
      ok: true,
      value: {
        libraryDir: library,
        fileNamePattern: '{task}_{index}',
        maxRequestsInFlight: 9,
        theme: 'dark',
        notifications: true,
      },
    });
    const refused = await dispatch(core.handlers, 'updatePreferences', { activeProfileId: 'nope' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const bad = await dispatch(core.handlers, 'updatePreferences', { libraryDir: 'relative' });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: { libraryDir: 'notAbsolute' } },
    });
    await core.stop();
  });
});
