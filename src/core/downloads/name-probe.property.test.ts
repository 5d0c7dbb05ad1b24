import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateName, moveIntoLibrary } from './finalize';

/**
 * The name probe (issue 26 item 12) guesses where the free names start instead of trying `(2)…(n)` one by
 * one. Whatever names are already taken (gaps, runs, a hint gone stale), a claim never overwrites a file and
 * always lands on a name that was free.
 */
describe('moveIntoLibrary name probe', () => {
  it('never overwrites, whatever suffixes are taken', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        async (taken, claims) => {
          const dir = await mkdtemp(join(tmpdir(), 'atelier-probe-'));
          try {
            for (const n of taken) await writeFile(join(dir, candidateName('a.png', n)), `old ${n}`);
            const made: string[] = [];
            for (let i = 0; i < claims; i++) {
              const src = join(dir, `.src-${i}.part`);
              await writeFile(src, `new ${i}`);
              made.push(await moveIntoLibrary(src, dir, 'a.png', { fsync: false }));
            }
            expect(new Set(made).size).toBe(claims);
            for (const n of taken) expect(await readFile(join(dir, candidateName('a.png', n)), 'utf8')).toBe(`old ${n}`);
            for (const [i, p] of made.entries()) expect(await readFile(p, 'utf8')).toBe(`new ${i}`);
            expect((await readdir(dir)).filter((f) => f.startsWith('.src-'))).toEqual([]);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('lands on the first free name after a contiguous run of 3,000 taken names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atelier-probe-run-'));
    try {
      for (let n = 1; n <= 3000; n++) await writeFile(join(dir, candidateName('b.png', n)), '');
      const src = join(dir, '.src.part');
      await writeFile(src, 'x');
      expect(await moveIntoLibrary(src, dir, 'b.png', { fsync: false })).toBe(join(dir, 'b (3001).png'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
