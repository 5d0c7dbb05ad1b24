import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskFilter } from '../../shared/domain/task';
import { taskFilterKey } from '../../shared/domain/task-filter-key';
import { fakeTaskRecord, mulberry32 } from '../db/seed';
import { TaskStore } from '../db/task-store';
import { startTestCore, type TestCore } from '../test-support/core-harness';

/** The kept first screen over a real SQLite history: kept and served only while it shows the library as it is. */
let running: TestCore | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

async function seededCore(count: number): Promise<{ core: TestCore; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-kept-screen-'));
  const store = TaskStore.open(join(dataDir, 'atelier.db'));
  const rng = mulberry32(11);
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const r = fakeTaskRecord(rng, i);
      const status = r.status === 'succeeded' || r.status === 'failed' ? r.status : 'cancelled';
      store.insert({ ...r, status, rejected: false, results: [], internal: { ...r.internal, nextPollAt: null } });
    }
  });
  store.close();
  running = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
  return { core: running, dataDir };
}

const FILTER: TaskFilter = { sort: 'newest', rejected: 'hide' };

async function shownNow(core: TestCore, n: number) {
  const page = await core.core.handlers.listTasks({ filter: FILTER, cursor: null, limit: n });
  return page.items.map((t) => ({ id: t.id, status: t.status, favourite: t.favourite }));
}

/** The renderer build the copies below were laid out by (its entry script's name). */
const BUILD = 'index-Ab12.js';

const HTML = '<div class="shell" data-kept-id="shell"><script>alert(1)</script><div data-kept-id="task-tile" onclick="x()">A fox</div></div>';

describe('the kept first screen', () => {
  it('is kept when it shows the first page, served sanitised with the theme, language and filter, and survives a restart', async () => {
    const { core, dataDir } = await seededCore(60);
    await core.core.handlers.updatePreferences({ theme: 'dark', language: 'zh-CN' });
    const shown = await shownNow(core, 12);
    expect(await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown })).toEqual({ kept: true });
    const view = await core.core.keptScreen();
    expect(view).toMatchObject({ width: 1440, theme: 'dark', language: 'zh-CN', filterKey: taskFilterKey(FILTER), build: BUILD });
    expect(view?.html).toBe('<div class="shell" data-kept-id="shell"><div data-kept-id="task-tile">A fox</div></div>');
    await core.close({ keepDir: true });
    running = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
    expect((await running.core.keptScreen())?.html).toBe(view?.html);
  });

  it("following the system's theme, it is painted in the theme it was kept in, and says so", async () => {
    const { core } = await seededCore(20);
    await core.core.handlers.updatePreferences({ theme: 'system' });
    const shown = await shownNow(core, 4);
    await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'light', build: BUILD, filter: FILTER, shown });
    expect(await core.core.keptScreen()).toMatchObject({ theme: 'light', followsSystem: true });
    await core.core.handlers.updatePreferences({ theme: 'dark' });
    expect(await core.core.keptScreen()).toMatchObject({ theme: 'dark', followsSystem: false });
  });

  it('is not kept when it is not shaped like a screen (nested too deep, too many elements): core stays answering', async () => {
    const { core, dataDir } = await seededCore(10);
    const shown = await shownNow(core, 4);
    const deep = `${'<div>'.repeat(80_000)}x${'</div>'.repeat(80_000)}`;
    const many = '<span>x</span>'.repeat(25_000);
    for (const html of [deep, many])
      expect(await core.core.handlers.keepFirstScreen({ html, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown })).toEqual({ kept: false });
    expect(existsSync(join(dataDir, 'kept-screen.json'))).toBe(false);
    // A real screen's shape passes.
    expect(await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown })).toEqual({ kept: true });
  });

  it('is not kept when its tiles are not the first page (another order, a missing task)', async () => {
    const { core, dataDir } = await seededCore(30);
    const shown = await shownNow(core, 6);
    const swapped = [shown[1]!, shown[0]!, ...shown.slice(2)];
    expect(await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown: swapped })).toEqual({ kept: false });
    expect(await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown: [...shown, { id: 'gone', status: 'succeeded', favourite: false }] })).toEqual({ kept: false });
    expect(existsSync(join(dataDir, 'kept-screen.json'))).toBe(false);
    expect(await core.core.keptScreen()).toBeNull();
  });

  it('is not served once the library has changed under it: a tile starred, a task hidden from the counts', async () => {
    const { core } = await seededCore(40);
    const shown = await shownNow(core, 8);
    await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown });
    expect(await core.core.keptScreen()).not.toBeNull();
    await core.core.handlers.setFavourite({ id: shown[2]!.id, favourite: !shown[2]!.favourite });
    expect(await core.core.keptScreen()).toBeNull();
    await core.core.handlers.setFavourite({ id: shown[2]!.id, favourite: shown[2]!.favourite });
    expect(await core.core.keptScreen()).not.toBeNull();
    // A task past the first page is hidden ("reject others"): the tiles are the same, the counts are not.
    const later = (await core.core.handlers.listTasks({ filter: FILTER, cursor: null, limit: 30 })).items[25]!;
    await core.core.handlers.setRejected({ ids: [later.id], rejected: true });
    expect(await core.core.keptScreen()).toBeNull();
  });

  it("a copy kept before builds were recorded (version 1, an earlier app's) is no kept screen", async () => {
    const { core, dataDir } = await seededCore(10);
    const shown = await shownNow(core, 4);
    await core.close({ keepDir: true });
    const older = { version: 1, html: HTML, width: 1440, theme: 'dark', filter: FILTER, shown, counts: {} };
    writeFileSync(join(dataDir, 'kept-screen.json'), JSON.stringify(older));
    running = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
    expect(await running.core.keptScreen()).toBeNull();
  });

  it('is not painted in another language than the one it was kept in (its words are in that one)', async () => {
    const { core } = await seededCore(20);
    await core.core.handlers.updatePreferences({ language: 'en' });
    const shown = await shownNow(core, 4);
    await core.core.handlers.keepFirstScreen({ html: HTML, width: 1440, theme: 'dark', build: BUILD, filter: FILTER, shown });
    expect((await core.core.keptScreen())?.language).toBe('en');
    await core.core.handlers.updatePreferences({ language: 'zh-CN' });
    expect(await core.core.keptScreen()).toBeNull();
    await core.core.handlers.updatePreferences({ language: 'en' });
    expect(await core.core.keptScreen()).not.toBeNull();
  });

  it('a damaged file is no kept screen (a cache: no notice, nothing set aside); the next keep writes a good one', async () => {
    const { core, dataDir } = await seededCore(10);
    await core.close({ keepDir: true });
    writeFileSync(join(dataDir, 'kept-screen.json'), '{"version":1,"html":');
    running = await startTestCore({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { dataDir });
    expect(await running.core.keptScreen()).toBeNull();
    expect(readdirSync(dataDir).some((f) => f.startsWith('kept-screen.json.corrupt-'))).toBe(false);
    expect((await running.core.handlers.listNotices({})).length).toBe(0);
    const shown = await shownNow(running, 4);
    expect(await running.core.handlers.keepFirstScreen({ html: HTML, width: 1024, theme: 'dark', build: BUILD, filter: FILTER, shown })).toEqual({ kept: true });
    expect((await running.core.keptScreen())?.width).toBe(1024);
  });
});
