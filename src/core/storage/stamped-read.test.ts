import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonStore, writeJsonFile } from './json-file';
import { stampedRead } from './stamped-read';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function counted(path: string) {
  let reads = 0;
  const read = stampedRead(path, () => {
    reads++;
    return readJsonStore<unknown>(path, (raw) => ({ value: raw, dropped: [] }), null);
  });
  return { read, reads: () => reads };
}

describe('stampedRead: a store file parsed again only when it changed', () => {
  it('answers from memory while the file is unchanged, and re-reads after a save or an edit in place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-stamped-'));
    dirs.push(dir);
    const path = join(dir, 'store.json');
    writeJsonFile(path, { a: 1 });
    const s = counted(path);
    expect(s.read()).toEqual({ a: 1 });
    expect(s.read()).toEqual({ a: 1 });
    expect(s.reads()).toBe(1);
    writeJsonFile(path, { a: 2 }); // atomic save: a new inode
    expect(s.read()).toEqual({ a: 2 });
    writeFileSync(path, '{"a":33}'); // an edit in place: another size
    expect(s.read()).toEqual({ a: 33 });
    expect(s.reads()).toBe(3);
  });

  it('a missing file is read once until it appears; a corrupt one (moved aside) is never remembered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-stamped-'));
    dirs.push(dir);
    const path = join(dir, 'store.json');
    const s = counted(path);
    expect(s.read()).toBeNull();
    expect(s.read()).toBeNull();
    expect(s.reads()).toBe(1); // no profiles.json (only the demo gateway): not read on every request
    writeFileSync(path, '{not json');
    expect(s.read()).toBeNull(); // moved aside as store.json.corrupt-<time>
    expect(s.reads()).toBe(2);
    writeJsonFile(path, { ok: true });
    expect(s.read()).toEqual({ ok: true });
    expect(s.read()).toEqual({ ok: true });
    expect(s.reads()).toBe(3);
  });

  it('the value is frozen: a caller cannot change what the next caller reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-stamped-'));
    dirs.push(dir);
    const path = join(dir, 'store.json');
    writeJsonFile(path, { a: 1 });
    const value = counted(path).read() as Record<string, number>;
    expect(() => {
      value.a = 2;
    }).toThrow(TypeError);
  });
});
