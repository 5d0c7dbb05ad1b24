import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, write } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { streamChunk } from './crash-stream.test-support';
import { HashedFile, type WriteAt } from './file-sink';
import { sharedHasher } from './hash-worker';

/**
 * Issue 31: the sha256 runs on a worker thread fed the slabs the sink writes. Whatever kills the writing
 * (the process, or only the worker), the temp file is a prefix of the stream, and a later call that
 * adopts it and appends the rest ends with the whole stream and its right digest.
 */
const dir = mkdtempSync(join(tmpdir(), 'atelier-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const streamOf = (seed: number, sizes: number[]): Buffer =>
  Buffer.concat(sizes.map((s, i) => streamChunk(seed, i, s)));

/** Runs the crash writer and SIGKILLs it once it printed that it fed at least `killAfter` bytes. */
function writeUntilKilled(path: string, sizes: number[], seed: number, killAfter: number): Promise<void> {
  const script = join(import.meta.dirname, 'crash-writer.test-support.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, path, JSON.stringify(sizes), String(seed)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const fed = [...out.matchAll(/fed (\d+)/g)].map((m) => Number(m[1]));
      if ((fed.at(-1) ?? 0) >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      signal === 'SIGKILL' || code === 0 ? resolve() : reject(new Error(`writer exit ${code}: ${err}`)),
    );
  });
}

/** Adopts what is on the disk, appends the rest of `all`, and answers the digest and the file. */
async function resume(path: string, all: Buffer): Promise<{ digest: string; onDisk: Buffer }> {
  const file = new HashedFile(path);
  await file.adoptExisting(null);
  const rest = all.subarray(file.size);
  file.append(rest, 0, rest.length);
  await file.close();
  return { digest: await file.digest(), onDisk: readFileSync(path) };
}

describe('HashedFile with the hashing worker: a crash leaves a resumable prefix', () => {
  it('property: SIGKILL of the writing process at any point leaves a prefix; resuming it gives the stream and its sha256', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 << 20 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (sizes, seed, at) => {
          const path = join(dir, `kill-${++n}.part`);
          const all = streamOf(seed, sizes);
          await writeUntilKilled(path, sizes, seed, Math.floor(at * all.length));
          let onDisk: Buffer;
          try {
            onDisk = readFileSync(path);
          } catch {
            onDisk = Buffer.alloc(0); // killed before the first write opened the file
          }
          expect(onDisk.length).toBeLessThanOrEqual(all.length);
          expect(all.subarray(0, onDisk.length).equals(onDisk)).toBe(true);
          const resumed = await resume(path, all);
          expect(resumed.onDisk.equals(all)).toBe(true);
          expect(resumed.digest).toBe(sha(all));
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  it('property: at every moment a crash could strike (after each disk write), the file is a prefix of the stream', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 << 19 }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 16 }),
        async (sizes, seed, delays) => {
          const path = join(dir, `moment-${++n}.part`);
          const all = streamOf(seed, sizes);
          const notPrefix: number[] = [];
          let k = 0;
          // An uneven disk that, after each write lands, looks at the file as a crash would leave it.
          const watched: WriteAt = (fd, buf, off, len, pos, done) =>
            setTimeout(
              () =>
                write(fd, buf, off, len, pos, (err, written) => {
                  const now = readFileSync(path);
                  if (!all.subarray(0, now.length).equals(now)) notPrefix.push(now.length);
                  done(err, written);
                }),
              delays[k++ % delays.length],
            );
          const file = new HashedFile(path, watched);
          for (const [i, size] of sizes.entries()) {
            const chunk = streamChunk(seed, i, size);
            file.append(chunk, 0, chunk.length);
            const wait = file.ready();
            if (wait) await wait;
          }
          await file.close();
          expect(notPrefix).toEqual([]);
          expect(readFileSync(path).equals(all)).toBe(true);
          expect(await file.digest()).toBe(sha(all));
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('property: the worker dying mid-stream loses no byte: the file is the stream and the digest comes from the disk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 2 << 20 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.nat({ max: 7 }),
        async (sizes, seed, crashAt) => {
          const path = join(dir, `worker-${++n}.part`);
          const file = new HashedFile(path);
          await file.adoptExisting(null);
          for (const [i, size] of sizes.entries()) {
            if (i === crashAt) await sharedHasher.crashForTest();
            const chunk = streamChunk(seed, i, size);
            file.append(chunk, 0, chunk.length);
            const wait = file.ready();
            if (wait) await wait;
          }
          await file.close();
          const all = streamOf(seed, sizes);
          expect(readFileSync(path).equals(all)).toBe(true);
          expect(await file.digest()).toBe(sha(all));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('the digest really comes from the worker thread (its hash is not done on the main thread)', async () => {
    const path = join(dir, `thread-${++n}.part`);
    const file = new HashedFile(path);
    await file.adoptExisting(null); // as a download starts: nothing there yet
    const before = sharedHasher.bytesSent;
    const chunk = streamChunk(1, 0, 3 << 20);
    file.append(chunk, 0, chunk.length);
    await file.close();
    expect(sharedHasher.bytesSent - before).toBe(chunk.length);
    expect(await file.digest()).toBe(sha(chunk));
  });
});
