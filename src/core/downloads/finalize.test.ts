import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candidateName, moveIntoLibrary } from './finalize';

let dir = '';
let lib = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-fin-'));
  lib = join(dir, 'library', 'sub');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function tempFile(name: string, content: string): Promise<string> {
  const p = join(dir, name);
  await writeFile(p, content);
  return p;
}

describe('moveIntoLibrary', () => {
  it('moves the temp file in and never overwrites an existing file', async () => {
    const a = await moveIntoLibrary(await tempFile('a.part', 'first'), lib, 'cat.png');
    const b = await moveIntoLibrary(await tempFile('b.part', 'second'), lib, 'cat.png');
    const c = await moveIntoLibrary(await tempFile('c.part', 'third'), lib, 'cat.png', { fsync: false });
    expect([a, b, c].map((p) => basename(p))).toEqual(['cat.png', 'cat (2).png', 'cat (3).png']);
    expect(await readFile(a, 'utf8')).toBe('first');
    expect(await readFile(b, 'utf8')).toBe('second');
    expect(await readFile(c, 'utf8')).toBe('third');
    expect((await readdir(dir)).sort()).toEqual(['library']); // temp files consumed
  });

  it('gives concurrent finalizations with the same name distinct paths', async () => {
    const temps = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tempFile(`t${i}.part`, `content ${i}`)),
    );
    const finals = await Promise.all(temps.map((t) => moveIntoLibrary(t, lib, 'same.mp4')));
    expect(new Set(finals).size).toBe(12);
    const contents = await Promise.all(finals.map((p) => readFile(p, 'utf8')));
    expect(new Set(contents).size).toBe(12);
    expect((await readdir(lib)).filter((n) => n.startsWith('same')).length).toBe(12);
  });

  it('keeps the name inside the library folder', async () => {
    const p = await moveIntoLibrary(await tempFile('x.part', 'x'), lib, '../../escape.png');
    expect(p).toBe(join(lib, 'escape.png'));
    await expect(moveIntoLibrary(await tempFile('y.part', 'y'), lib, '..')).rejects.toThrow(
      /invalid file name/,
    );
  });

  const shm = existsSync('/dev/shm') ? '/dev/shm' : null;
  it.runIf(shm !== null)('copies across devices (EXDEV) without overwriting', async () => {
    const other = await mkdtemp(join(shm ?? '', 'atelier-fin-'));
    try {
      if ((await stat(other)).dev === (await stat(dir)).dev) return; // same device here: nothing to prove
      await moveIntoLibrary(await tempFile('a.part', 'local'), other, 'v.mp4');
      const p = await moveIntoLibrary(await tempFile('b.part', 'cross'), other, 'v.mp4');
      expect(basename(p)).toBe('v (2).mp4');
      expect(await readFile(p, 'utf8')).toBe('cross');
      expect((await readdir(other)).sort()).toEqual(['v (2).mp4', 'v.mp4']); // no staging file left
      expect(await readdir(dir)).toEqual([]); // temp files consumed
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('numbers names without an extension and dotfiles sensibly', () => {
    expect(candidateName('clip.mp4', 2)).toBe('clip (2).mp4');
    expect(candidateName('archive.tar.gz', 3)).toBe('archive.tar (3).gz');
    expect(candidateName('README', 2)).toBe('README (2)');
  });
});
