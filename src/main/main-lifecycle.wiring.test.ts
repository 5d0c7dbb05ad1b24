import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../core/ports';
import { quitAfterStop } from './lifecycle';
import { runMain } from './main-process';
import { boot, type Booted } from './test-support/boot';
import { recorder } from './test-support/electron-recorder';

vi.mock('electron', async () => (await import('./test-support/electron-recorder')).electronModule);

/** Startup and shutdown cannot fail silently: each ends in a visible message or a clean stop. */
let b: Booted | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
  delete process.env.ATELIER_USER_DATA;
});

describe('startup', () => {
  it('a failing startup reaches the native error dialog with the cause and the data folder, then exits 1', async () => {
    recorder.reset();
    const dir = mkdtempSync(join(tmpdir(), 'atelier-main-fail-'));
    const notAFolder = join(dir, 'userData');
    writeFileSync(notAFolder, 'a file where the data folder should be');
    process.env.ATELIER_USER_DATA = notAFolder;
    try {
      expect(await runMain()).toBeNull();
      const [title, text] = (recorder.callsOf('dialog.showErrorBox')[0] ?? []) as [string, string];
      expect(title).toBe('Atelier could not start');
      expect(text).toMatch(/ENOTDIR|EEXIST|not a directory/i);
      expect(text).toContain(`Data folder: ${notAFolder}`);
      expect(recorder.callsOf('app.exit')).toEqual([[1]]);
      expect(recorder.windows).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a corrupt preferences.json is moved aside, the app starts on defaults, and says so once', async () => {
    const corrupt = '{"preferences": {"theme": "dark",,,';
    b = await boot({ prepare: (userData) => writeFileSync(join(userData, 'preferences.json'), corrupt) });
    const userData = recorder.paths.userData ?? '';
    const aside = readdirSync(userData).filter((f) => f.startsWith('preferences.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(userData, aside[0] ?? ''), 'utf8')).toBe(corrupt);
    const prefs = await b.invoke('getPreferences', {});
    expect(prefs.ok).toBe(true);
    // Core's notice board carries it too (kind store-unreadable, naming the kept copy).
    const notices = await b.invoke('listNotices', {});
    expect(notices.value).toEqual([
      expect.objectContaining({
        kind: 'store-unreadable',
        params: expect.objectContaining({ savedAs: join(userData, aside[0] ?? '') }),
      }),
    ]);
    const boxes = recorder.callsOf('dialog.showMessageBox');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]?.[1]).toMatchObject({
      type: 'warning',
      detail: expect.stringContaining(join(userData, aside[0] ?? '')),
    });
    // The next start reads the fresh file: no message again.
    await b.running.stop();
    b = await boot({
      prepare: (next) =>
        writeFileSync(join(next, 'preferences.json'), readFileSync(join(userData, 'preferences.json'))),
    });
    expect(recorder.callsOf('dialog.showMessageBox')).toEqual([]);
  });
});

describe('quitting', () => {
  it('waits for core to stop before it quits', async () => {
    b = await boot();
    const stop = vi.spyOn(b.running.core, 'stop');
    const preventDefault = vi.fn();
    recorder.appEvents.emit('before-quit', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(recorder.callsOf('app.quit')).toEqual([]);
    await vi.waitFor(() => expect(recorder.callsOf('app.quit')).toHaveLength(1), { timeout: 10_000 });
    expect(stop).toHaveBeenCalledTimes(1);
    await expect(b.invoke('getAppInfo', {})).rejects.toThrow(/no IPC handler/);
    // The quit main calls itself passes through.
    const second = vi.fn();
    recorder.appEvents.emit('before-quit', { preventDefault: second });
    expect(second).not.toHaveBeenCalled();
  });

  it('quits anyway when stopping hangs past the bound', async () => {
    recorder.reset();
    quitAfterStop(() => new Promise<void>(() => undefined), silentLogger, 30);
    recorder.appEvents.emit('before-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(recorder.callsOf('app.quit')).toHaveLength(1), { timeout: 10_000 });
  });
});
