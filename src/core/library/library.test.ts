import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { makePng, startTestCore, type TestCore } from '../test-support/core-harness';
import { readProvenance } from '../provenance/provenance';
import type { TaskSummary } from '../../shared/domain/task';

let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'test-key', speed: 'instant' });
  t = await startTestCore(sim);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const h = () => t.core.handlers;
const resultValue = (task: TaskSummary, index = 0) => {
  const r = task.results[index];
  return {
    kind: 'result',
    taskId: task.id,
    index,
    remoteUrl: r?.remoteUrl ?? null,
    file: r?.file ?? null,
    mime: r?.mime ?? null,
    remoteId: task.remoteId,
  };
};
const run = async (
  operationId: Parameters<ReturnType<typeof h>['submitTask']>[0]['operationId'],
  values: Record<string, unknown>,
  more: { boardId?: string | null; parents?: { taskId: string; kind: 'reruns'; index: null }[] } = {},
) => {
  const s = await h().submitTask({ operationId, values, extra: {}, ...more });
  const final = await t.settled(s.id);
  expect(final.status, final.error ?? '').toBe('succeeded');
  return final;
};

describe('lineage through real submissions', () => {
  it('records results, frames, extension sources and reruns as parents, and shows them from both ends', async () => {
    const video = await run('gateway.text2video', {
      model: '{vendor}_2.6_text2video',
      prompt: 'a fox in snow',
      aspect_ratio: '16:9',
      duration: 5,
      mode: 'std',
    });
    const frame = await h().stageInputBytes({
      name: 'frame.png',
      mime: 'image/png',
      bytes: new Uint8Array(makePng(32, 18)),
      origin: { taskId: video.id, index: 0, timeMs: 1250 },
    });
    const next = await run('unifiedVideo.generate', {
      model: 'kling-v2-6',
      inputKind: 'firstFrame',
      image: { kind: 'file', input: frame },
      prompt: 'the fox runs on',
      duration: 5,
      size: '1280x720',
    });
    const image = await run('gateway.text2image', {
      model: '{vendor}_3.0_text2image',
      prompt: 'a heron',
      aspect_ratio: '1:1',
      n: 1,
    });
    const edit = await run('vendor.expand', {
      model: 'kling-v1',
      image: resultValue(image),
      prompt: 'wider',
      aspect_ratio: '16:9',
    });
    const ext = await run('vendor.extend', {
      model: 'kling-v2-6',
      video_id: next.remoteId,
      prompt: 'and further',
    });
    const rerun = await run(
      'vendor.extend',
      { model: 'kling-v2-6', video_id: next.remoteId, prompt: 'and further' },
      { parents: [{ taskId: ext.id, kind: 'reruns', index: null }] },
    );

    const ofNext = await h().getLineage({ id: next.id });
    expect(ofNext.parents.map((p) => [p.taskId, p.kind, p.index, p.frameMs])).toEqual([
      [video.id, 'frame', 0, 1250],
    ]);
    expect(ofNext.children.map((c) => [c.taskId, c.kind])).toEqual([
      [ext.id, 'extends'],
      [rerun.id, 'extends'],
    ]);
    expect(ofNext.chain.map((c) => c.id)).toEqual([video.id, next.id, ext.id]);
    expect((await h().getLineage({ id: video.id })).children[0]?.task?.id).toBe(next.id);
    expect((await h().getLineage({ id: edit.id })).parents.map((p) => [p.taskId, p.kind, p.index])).toEqual([
      [image.id, 'input', 0],
    ]);
    expect((await h().getLineage({ id: rerun.id })).parents.map((p) => p.kind)).toEqual([
      'extends',
      'reruns',
    ]);

    // The file of the edit remembers its parent, and the export manifest carries the lineage.
    const editFile = readFileSync(join(t.core.mediaRoots().library, edit.results[0]?.file ?? ''));
    expect(readProvenance(editFile)?.parents).toEqual([{ taskId: image.id, kind: 'input' }]);
  });
});

describe('boards', () => {
  it('create, rename, new tasks land on the current board, move, filter, delete keeps tasks', async () => {
    const board = await h().createBoard({ name: '  Spring campaign ' });
    expect(board.name).toBe('Spring campaign');
    await h().renameBoard({ id: board.id, name: 'Spring' });
    const a = await run(
      'gateway.text2image',
      { model: '{vendor}_3.0_text2image', prompt: 'tulips', aspect_ratio: '1:1', n: 1 },
      { boardId: board.id },
    );
    const b = await run('gateway.text2image', {
      model: '{vendor}_3.0_text2image',
      prompt: 'daffodils',
      aspect_ratio: '1:1',
      n: 1,
    });
    const onBoard = async () =>
      (
        await h().listTasks({ filter: { sort: 'newest', boardId: board.id }, cursor: null, limit: 100 })
      ).items.map((x) => x.id);
    expect(await onBoard()).toEqual([a.id]);
    await h().moveToBoard({ ids: [b.id], boardId: board.id });
    expect(await onBoard()).toEqual([b.id, a.id]);
    expect((await h().listBoards({})).items.find((x) => x.id === board.id)).toMatchObject({
      name: 'Spring',
      count: 2,
    });
    await h().moveToBoard({ ids: [a.id], boardId: null });
    expect(await onBoard()).toEqual([b.id]);
    await h().deleteBoard({ id: board.id });
    expect((await h().listBoards({})).items.some((x) => x.id === board.id)).toBe(false);
    expect((await h().getTask({ id: b.id })).id).toBe(b.id);
    await expect(h().moveToBoard({ ids: [a.id], boardId: board.id })).rejects.toThrow(/no longer exists/);
  });

  it('refuses a second board of the same name (case and spaces aside), in SQLite, on create and rename', async () => {
    const taken = { code: 'conflict', fields: { name: 'taken' } };
    const names = async () => (await h().listBoards({ query: '' })).items.map((x) => x.name);
    const before = await names();
    const seaside = await h().createBoard({ name: 'Seaside' });
    await expect(h().createBoard({ name: '  seaside ' })).rejects.toMatchObject(taken);
    await expect(h().createBoard({ name: 'SEASIDE' })).rejects.toThrow('A board named “SEASIDE” already exists.');
    // Case beyond ASCII too (SQLite's lower() would not see these as one name).
    const summer = await h().createBoard({ name: 'Été' });
    await expect(h().createBoard({ name: 'été' })).rejects.toMatchObject(taken);
    // Renaming onto another board's name is refused; a board may take its own name in another case.
    await expect(h().renameBoard({ id: summer.id, name: 'seaside' })).rejects.toMatchObject(taken);
    await h().renameBoard({ id: seaside.id, name: ' SeaSide ' });
    await expect(h().renameBoard({ id: 'no-such-board', name: 'Anything' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await names()).filter((n) => !before.includes(n)).sort()).toEqual(['SeaSide', 'Été']);
    // A deleted board's name is free again.
    await h().deleteBoard({ id: seaside.id });
    const again = await h().createBoard({ name: 'seaside' });
    expect(again.name).toBe('seaside');
    await h().deleteBoard({ id: again.id });
    await h().deleteBoard({ id: summer.id });
  });

  it('export writes a ZIP of the results with manifest.json and manifest.csv', async () => {
    const img = await run('gateway.text2image', {
      model: '{vendor}_3.0_text2image',
      prompt: 'a "quoted", comma prompt',
      aspect_ratio: '1:1',
      n: 2,
    });
    const vid = await run('gateway.text2video', {
      model: '{vendor}_2.6_text2video',
      prompt: 'waves',
      aspect_ratio: '16:9',
      duration: 5,
      mode: 'std',
    });
    const out = await h().exportTasks({ ids: [img.id, vid.id] });
    expect(out).toMatchObject({ files: 3, tasks: 2 });
    expect(existsSync(out.path)).toBe(true);
    const zip = unzipSync(readFileSync(out.path));
    const manifest = JSON.parse(strFromU8(zip['manifest.json'] ?? new Uint8Array())) as {
      files: { file: string; taskId: string; prompt: string; sha256: string }[];
    };
    expect(manifest.files.map((f) => f.taskId)).toEqual([img.id, img.id, vid.id]);
    for (const f of manifest.files) {
      const bytes = zip[f.file];
      expect(bytes, f.file).toBeDefined();
      expect(readProvenance(bytes ?? new Uint8Array())?.taskId).toBe(f.taskId);
    }
    const csv = strFromU8(zip['manifest.csv'] ?? new Uint8Array())
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(4);
    expect(csv[1]).toContain('"a ""quoted"", comma prompt"');
  });
});

describe('provenance settings per profile, sidecar, and reading files back', () => {
  it('a dropped file is found again; embedding can be turned off, a sidecar turned on', async () => {
    const a = await run('gateway.text2image', {
      model: '{vendor}_3.0_text2image',
      prompt: 'marked',
      aspect_ratio: '1:1',
      n: 1,
    });
    const path = join(t.core.mediaRoots().library, a.results[0]?.file ?? '');
    const staged = await h().stageInputBytes({
      name: 'x.png',
      mime: 'image/png',
      bytes: new Uint8Array(readFileSync(path)),
    });
    const found = await h().inspectInput({ id: staged.id });
    expect(found.provenance?.prompt).toBe('marked');
    expect(found.task?.id).toBe(a.id);
    expect(found.provenance?.values).toMatchObject({ prompt: 'marked', aspect_ratio: '1:1' });
    const plain = await h().stageInputBytes({
      name: 'y.png',
      mime: 'image/png',
      bytes: new Uint8Array(makePng(4, 4)),
    });
    expect((await h().inspectInput({ id: plain.id })).provenance).toBeNull();

    // The demo gateway always annotates; a user's own profile can turn it off and ask for a sidecar.
    const input = {
      id: 'mine',
      name: 'Mine',
      baseUrl: sim.baseUrl,
      vendor: 'vendora',
      gatewayAuthHeader: 'Authorization',
      callbacks: { enabled: false, publicUrl: '', localPort: 0 },
    };
    await h().saveProfile({ ...input, provenance: { embed: false, sidecar: true } });
    await h().setProfileKey({ id: 'mine', key: 'test-key', acceptWeakStorage: true });
    await h().selectProfile({ id: 'mine' });
    const b = await run('gateway.text2image', {
      model: '{vendor}_3.0_text2image',
      prompt: 'unmarked',
      aspect_ratio: '1:1',
      n: 1,
    });
    const bPath = join(t.core.mediaRoots().library, b.results[0]?.file ?? '');
    expect(readProvenance(readFileSync(bPath))).toBeNull();
    expect(JSON.parse(readFileSync(`${bPath}.json`, 'utf8'))).toMatchObject({
      app: 'Atelier',
      taskId: b.id,
      prompt: 'unmarked',
    });
    await h().saveProfile({ ...input, provenance: { embed: true, sidecar: false } });
  });
});

describe('import folder', () => {
  it('indexes Atelier-made files from another folder into this library and its search', async () => {
    const { mkdtempSync, copyFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const other = await startTestCore(sim);
    const folder = mkdtempSync(join(tmpdir(), 'atelier-import-'));
    // Import reads a folder the user picked: desktop only (web mode never reads paths the page names).
    const desktop = await startTestCore(sim, { desktop: { chooseFolder: async () => folder } });
    await expect(h().importFolder({ path: folder })).rejects.toThrow(/desktop app/);
    try {
      const s = await other.core.handlers.submitTask({
        operationId: 'gateway.text2image',
        values: {
          model: '{vendor}_3.0_text2image',
          prompt: 'a walrus from another machine',
          aspect_ratio: '1:1',
          n: 1,
        },
        extra: {},
      });
      const made = await other.settled(s.id);
      copyFileSync(
        join(other.core.mediaRoots().library, made.results[0]?.file ?? ''),
        join(folder, 'walrus.png'),
      );
      writeFileSync(join(folder, 'plain.png'), makePng(4, 4));
      const d = desktop.core.handlers;
      const out = await d.importFolder({ path: null });
      expect(out).toMatchObject({ scanned: 2, found: 1, imported: 1, known: 0 });
      const page = await d.listTasks({
        filter: { sort: 'newest', search: 'walrus' },
        cursor: null,
        limit: 10,
      });
      // Imported tasks get ids of our own (issue 26); the file still finds its task.
      expect(page.items.map((x) => x.prompt)).toEqual(['a walrus from another machine']);
      expect(page.items[0]?.id).toMatch(/^imp-/);
      const task = page.items[0];
      expect(task?.status).toBe('succeeded');
      expect(existsSync(join(desktop.core.mediaRoots().library, task?.results[0]?.file ?? ''))).toBe(true);
      expect(await d.importFolder({ path: null })).toMatchObject({ imported: 0, known: 1, path: folder });
      // A path named by the page is refused even on the desktop: only the native picker names the folder.
      await expect(d.importFolder({ path: folder })).rejects.toMatchObject({ code: 'forbidden' });
    } finally {
      await other.close();
      await desktop.close();
    }
  });
});
