import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { DamagedSettingsError } from './damaged';
import { MAIN_THREAD_MAX_BYTES, readSettingsOffThread } from './off-thread';
import { box, deepPng, ftyp, mp4WithXmp, escapeXml, settingsJson, xmpWith } from './test-support/hostile-files';

const dir = mkdtempSync(join(tmpdir(), 'atelier-off-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An MP4 over the main-thread size, its settings at the end (where the writer appends them). */
function largeMp4(name: string, packet: string): string {
  const path = join(dir, name);
  const mdat = box('mdat', Buffer.alloc(MAIN_THREAD_MAX_BYTES + 1024));
  writeFileSync(path, Buffer.concat([mp4WithXmp(packet, [mdat])]));
  return path;
}
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (e: unknown) => (e instanceof DamagedSettingsError ? e.reason : String(e)),
  );

describe('large files are read in a worker thread (issue 26 item 4)', () => {
  it('answers the settings of a large file from the worker (run from source through tsx)', async () => {
    const path = largeMp4('found.mp4', xmpWith(escapeXml(settingsJson('{"seed":7}'))));
    const p = await readSettingsOffThread(path);
    expect(p?.taskId).toBe('task-hostile');
    expect(p?.values).toEqual({ v: { seed: 7 } });
  });

  it('damaged settings come back from the worker as the typed error', async () => {
    const deep = largeMp4('deep.mp4', xmpWith(escapeXml(settingsJson('['.repeat(6000) + ']'.repeat(6000)))));
    expect(await reason(readSettingsOffThread(deep))).toBe('too-deep');
    // The same file under the main-thread size is read here, with the same answer.
    const small = join(dir, 'deep.png');
    writeFileSync(small, deepPng());
    expect(await reason(readSettingsOffThread(small))).toBe('too-deep');
  });

  it('a worker that does not answer in time is stopped: "too slow", never a hang', async () => {
    const path = largeMp4('slow.mp4', xmpWith(escapeXml(settingsJson('"x"'))));
    expect(await reason(readSettingsOffThread(path, { timeoutMs: 1 }))).toBe('too-slow');
    // A file without settings, many boxes before the end: null, not an error.
    const plain = join(dir, 'plain.mp4');
    writeFileSync(plain, Buffer.concat([ftyp(), box('mdat', Buffer.alloc(MAIN_THREAD_MAX_BYTES + 10))]));
    expect(await readSettingsOffThread(plain)).toBeNull();
  });

  it('a worker over its heap limit is stopped: "too much memory"; a burst of reads all answer (queued)', async () => {
    const path = largeMp4('heap.mp4', xmpWith(escapeXml(settingsJson('"x"'))));
    expect(await reason(readSettingsOffThread(path, { maxHeapMb: 1 }))).toBe('too-much-memory');
    const burst = await Promise.all(Array.from({ length: 3 }, () => readSettingsOffThread(path)));
    expect(burst.map((p) => p?.taskId)).toEqual(['task-hostile', 'task-hostile', 'task-hostile']);
  }, 60_000);

  it('bundled (as electron-vite builds main: the worker a second entry beside it), it runs without tsx', async () => {
    const out = join(dir, 'bundle');
    const bundle = await rolldown({
      input: { 'off-thread': join(import.meta.dirname, 'off-thread.ts'), 'settings-worker': join(import.meta.dirname, 'settings-worker.ts') },
      platform: 'node',
      logLevel: 'silent',
    });
    await bundle.write({ dir: out, format: 'es', entryFileNames: '[name].js' });
    await bundle.close();
    const path = largeMp4('bundled.mp4', xmpWith(escapeXml(settingsJson('"x"'))));
    const script = `import { readSettingsOffThread } from ${JSON.stringify(pathToFileURL(join(out, 'off-thread.js')).href)};
      const p = await readSettingsOffThread(${JSON.stringify(path)});
      process.stdout.write(JSON.stringify(p.taskId));`;
    writeFileSync(join(out, 'run.mjs'), script);
    // A plain node, without tsx's loader: a worker looking for a .ts file would fail here.
    const answer = execFileSync(process.execPath, [join(out, 'run.mjs')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    expect(JSON.parse(answer)).toBe('task-hostile');
  });
});
