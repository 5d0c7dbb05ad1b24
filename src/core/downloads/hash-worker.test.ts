import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The hashing worker's program must start however core is shipped: bundled into one file (electron-vite
 * for Electron, esbuild for the download bench) or run from the TypeScript sources by tsx (web mode).
 * Each case runs in its own process and checks the digest came from the worker.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'atelier-hash-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROGRAM = (sink: string, hasher: string): string => `
import { HashedFile } from ${JSON.stringify(sink)};
import { sharedHasher } from ${JSON.stringify(hasher)};
const file = new HashedFile(process.argv[2]);
const bytes = Buffer.alloc(5 << 20, 42);
file.append(bytes, 0, bytes.length);
await file.close();
console.log(JSON.stringify({ digest: await file.digest(), sent: sharedHasher.bytesSent }));
`;
const expected = createHash('sha256')
  .update(Buffer.alloc(5 << 20, 42))
  .digest('hex');

describe('the hashing worker starts from a bundle and from the sources', () => {
  it('bundled into one file and run by plain node', async () => {
    const entry = join(dir, 'entry.ts');
    const sources = join(import.meta.dirname);
    writeFileSync(entry, PROGRAM(join(sources, 'file-sink.ts'), join(sources, 'hash-worker.ts')));
    const out = join(dir, 'bundle.mjs');
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
    });
    const { stdout } = await run(process.execPath, [out, join(dir, 'bundled.part')]);
    expect(JSON.parse(stdout)).toEqual({ digest: expected, sent: 5 << 20 });
  }, 60_000);

  it('run from the TypeScript sources by tsx', async () => {
    const entry = join(import.meta.dirname, `.hash-worker-tsx-${process.pid}.mts`);
    writeFileSync(entry, PROGRAM('./file-sink.ts', './hash-worker.ts'));
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', entry, join(dir, 'tsx.part')]);
      expect(JSON.parse(stdout)).toEqual({ digest: expected, sent: 5 << 20 });
    } finally {
      rmSync(entry, { force: true });
    }
  }, 60_000);

  it('a file only the awaited digest keeps alive is not collected before the answer (many at once, with GC)', async () => {
    const entry = join(import.meta.dirname, `.hash-worker-gc-${process.pid}.mts`);
    writeFileSync(
      entry,
      `
import { HashedFile } from './file-sink.ts';
const gc = (globalThis as { gc?: () => void }).gc;
const collector = setInterval(() => gc?.(), 1);
let done = 0;
await Promise.all(Array.from({ length: 400 }, async (_, i) => {
  const file = new HashedFile(process.argv[2] + '-' + i);
  await file.adoptExisting(null);
  file.append(Buffer.alloc(1000 + i * 97, i & 255), 0, 1000 + i * 97);
  await file.close();
  await file.digest();
  done++;
}));
clearInterval(collector);
console.log(JSON.stringify({ done }));
`,
    );
    try {
      const { stdout } = await run(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', entry, join(dir, 'gc')],
        {
          timeout: 45_000,
        },
      );
      expect(JSON.parse(stdout)).toEqual({ done: 400 });
    } finally {
      rmSync(entry, { force: true });
    }
  }, 60_000);
});
