import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, finishedTask, sentOn, type Booted } from './test-support/boot';
import { recorder } from './test-support/electron-recorder';

vi.mock('electron', async () => (await import('./test-support/electron-recorder')).electronModule);

/**
 * The desktop-only features, each reached from the renderer's IPC call through core's shell port into
 * main's Electron calls (recorded): Save as, reveal, the folder picker, drag-out, notifications and badge.
 * The task is real: submitted to the demo simulator, downloaded into the library by core.
 */
let b: Booted;
beforeEach(async () => {
  b = await boot();
});
afterEach(async () => b.close());

const until = async (what: () => boolean): Promise<void> => {
  while (!what()) await new Promise((r) => setTimeout(r, 20));
};

describe('Save as', () => {
  it('writes only to the path main’s own save dialog answered', async () => {
    const task = await finishedTask(b);
    const chosen = join(b.dir, 'picked', 'my copy.png');
    mkdirSync(join(b.dir, 'picked'));
    recorder.saveDialogAnswer = { canceled: false, filePath: chosen };
    expect(await b.invoke('saveResultAs', { id: task.id, index: 0 })).toEqual({
      ok: true,
      value: { path: chosen },
    });
    expect(readFileSync(chosen)).toEqual(readFileSync(task.file));
    const [win, options] = recorder.callsOf('dialog.showSaveDialog')[0] ?? [];
    expect(win).toBe(b.win);
    expect(options).toMatchObject({
      defaultPath: join(b.dir, 'downloads', task.file.split('/').pop() ?? ''),
    });
  });

  it('refuses a target path from the renderer, and a cancelled dialog writes nothing', async () => {
    const task = await finishedTask(b);
    const target = join(b.dir, 'attack.png');
    expect(await b.invoke('saveResultAs', { id: task.id, index: 0, targetPath: target })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(existsSync(target)).toBe(false);
    recorder.saveDialogAnswer = { canceled: true };
    expect(await b.invoke('saveResultAs', { id: task.id, index: 0 })).toEqual({
      ok: true,
      value: { path: null },
    });
  });
});

describe('reveal, folder picker, drag-out', () => {
  it('reveal shows the library file in the OS file manager', async () => {
    const task = await finishedTask(b);
    expect((await b.invoke('revealResult', { id: task.id, index: 0 })).ok).toBe(true);
    expect(recorder.callsOf('shell.showItemInFolder')).toEqual([[task.file]]);
  });

  it('the library folder picker is the native directory dialog', async () => {
    recorder.openDialogAnswer = { canceled: false, filePaths: [join(b.dir, 'elsewhere')] };
    expect(await b.invoke('chooseLibraryFolder', {})).toEqual({
      ok: true,
      value: { path: join(b.dir, 'elsewhere') },
    });
    const [win, options] = recorder.callsOf('dialog.showOpenDialog')[0] ?? [];
    expect(win).toBe(b.win);
    expect(options).toMatchObject({
      properties: ['openDirectory', 'createDirectory'],
      defaultPath: b.running.core.mediaRoots().library,
    });
  });

  it('drag-out starts a native drag of the library file from our window', async () => {
    const task = await finishedTask(b);
    expect((await b.invoke('startDragResult', { id: task.id, index: 0 })).ok).toBe(true);
    const [drag] = recorder.callsOf('webContents.startDrag')[0] ?? [];
    expect(drag).toMatchObject({ file: task.file });
  });
});

describe('notifications and the running-count badge', () => {
  it('a task finishing in the background notifies; clicking focuses the window and tells the renderer', async () => {
    expect((await b.invoke('updatePreferences', { notifications: true })).ok).toBe(true);
    b.win.focused = false;
    const task = await finishedTask(b);
    await until(() => recorder.notifications.some((n) => n.shown));
    const notice = recorder.notifications.find((n) => n.shown);
    expect(notice?.options.title).toBe('Generation finished');
    notice?.emit('click');
    expect(recorder.callsOf('win.focus').length).toBeGreaterThan(0);
    expect(sentOn('notificationClicked')).toEqual([{ id: task.id }]);
  });

  it('no notification while the window has focus', async () => {
    expect((await b.invoke('updatePreferences', { notifications: true })).ok).toBe(true);
    await finishedTask(b);
    expect(recorder.notifications).toEqual([]);
  });

  it('a task in flight shows in the badge and the title', async () => {
    await b.close();
    b = await boot({ switches: { demoSpeed: 'real' } }); // seconds per task: long enough to be seen in flight
    const submitted = await b.invoke('submitTask', {
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'in flight', aspect_ratio: '1:1', n: 1 },
      extra: {},
    });
    expect(submitted.ok).toBe(true);
    await until(() => recorder.callsOf('app.setBadgeCount').some(([n]) => n === 1));
    expect(b.win.title).toBe('(1) Atelier');
  });

  it('the badge and the title follow the running count', async () => {
    await until(() => recorder.callsOf('app.setBadgeCount').length > 0);
    expect(recorder.callsOf('app.setBadgeCount')[0]).toEqual([0]);
    expect(b.win.title).toBe('Atelier');
  });
});

describe('Restart now', () => {
  it('asks Electron to start the app again and quits the usual way (quitting stops core first)', async () => {
    expect(await b.invoke('relaunchApp', {})).toEqual({ ok: true, value: { ok: true } });
    await until(() => recorder.callsOf('app.quit').length > 0);
    expect(recorder.callsOf('app.relaunch')).toHaveLength(1);
    expect(recorder.callsOf('app.exit')).toEqual([]);
  });

  it('starts one new instance however many calls arrive (Electron starts one per app.relaunch())', async () => {
    const replies = await Promise.all([b.invoke('relaunchApp', {}), b.invoke('relaunchApp', {}), b.invoke('relaunchApp', {})]);
    expect(replies).toEqual(Array(3).fill({ ok: true, value: { ok: true } }));
    await until(() => recorder.callsOf('app.quit').length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(recorder.callsOf('app.relaunch')).toHaveLength(1);
  });
});
