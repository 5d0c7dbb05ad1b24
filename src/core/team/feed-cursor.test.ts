import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { Logger } from '../ports';
import { FeedCursor } from './feed-cursor';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-cursor-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  vi.useRealTimers();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const quiet = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined };
};
const saved = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

it('a burst of advances is one write of the newest sequence, after the wait; stopping writes what waits', () => {
  vi.useFakeTimers();
  const file = join(tmp(), 'team-cursor.json');
  const cursor = new FeedCursor(file, quiet(), 1_000);
  expect(cursor.read()).toBe(0); // no file yet: everything is pulled
  for (let seq = 1; seq <= 50; seq++) cursor.advance(seq);
  expect(readdirSync(join(file, '..'))).toEqual([]); // not one write per pull
  vi.advanceTimersByTime(1_000);
  expect(saved(file)).toEqual({ lastSeq: 50 });
  cursor.advance(51);
  cursor.advance(52);
  cursor.flush(); // the session stops
  expect(saved(file)).toEqual({ lastSeq: 52 });
  expect(new FeedCursor(file, quiet()).read()).toBe(52);
});

it('a damaged file resumes from 0; a write that fails is logged, keeps the feed going and is tried again', () => {
  vi.useFakeTimers();
  const dir = tmp();
  const file = join(dir, 'team-cursor.json');
  writeFileSync(file, '{"lastSeq": 1');
  const log = quiet();
  expect(new FeedCursor(file, log).read()).toBe(0);

  // The cursor's path is a folder: every write fails (as on a full or read-only disk).
  rmSync(file);
  mkdirSync(file);
  const cursor = new FeedCursor(file, log, 100);
  expect(() => {
    cursor.advance(7);
    vi.advanceTimersByTime(100);
  }).not.toThrow();
  expect(log.warnings).toHaveLength(1);
  rmSync(file, { recursive: true });
  cursor.advance(8); // the next advance writes again, the newest sequence
  vi.advanceTimersByTime(100);
  expect(saved(file)).toEqual({ lastSeq: 8 });
  expect(readdirSync(dir)).toEqual(['team-cursor.json']); // no temp file left behind
});
