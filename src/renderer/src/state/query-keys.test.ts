import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../../shared/bridge/contract';
import { queryKeys } from './query-keys';

const RENDERER = join(process.cwd(), 'src', 'renderer', 'src');
const FACTORY = join(RENDERER, 'state', 'query-keys.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every key the factory builds, with sample arguments for the functions. */
function allKeys(node: unknown, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) out.push(node);
  else if (typeof node === 'function') out.push((node as (...a: unknown[]) => unknown[])('x', 'y', {}));
  else if (node && typeof node === 'object') for (const v of Object.values(node)) allKeys(v, out);
  return out;
}

describe('the query-key factory', () => {
  it('opens every key with a contract method name', () => {
    const keys = allKeys(queryKeys);
    expect(keys.length).toBeGreaterThan(20);
    for (const k of keys) expect(METHOD_NAMES, JSON.stringify(k)).toContain(k[0]);
  });

  it('is the only place a key opening with a contract method name is written', () => {
    const methods = METHOD_NAMES.join('|');
    // An array literal whose first element is a method name: ['listTasks'…] or [\n 'getTask', …].
    const literal = new RegExp(`\\[\\s*(['"\`])(${methods})\\1`, 'g');
    const offenders = sources(RENDERER)
      .filter((f) => f !== FACTORY)
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(literal)].map((m) => `${relative(RENDERER, f)}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });

  it('prefix keys reach the keys under them (one invalidation refreshes every list of a method)', () => {
    const under = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((p, i) => key[i] === p);
    expect(under(queryKeys.tasks.all, queryKeys.tasks.pages({ sort: 'newest' }))).toBe(true);
    expect(under(queryKeys.tasks.pagesAll, queryKeys.tasks.pages({ sort: 'newest' }))).toBe(true);
    expect(under(queryKeys.tasks.countsAll, queryKeys.tasks.counts({ sort: 'newest' }))).toBe(true);
    expect(under(queryKeys.tasks.all, queryKeys.tasks.rejected)).toBe(true);
    expect(under(queryKeys.boards.all, queryKeys.boards.list(null))).toBe(true);
    expect(under(queryKeys.prompts.all, queryKeys.prompts.search('fox'))).toBe(true);
    expect(under(queryKeys.estimates.all, queryKeys.estimates.one('gateway.text2image', 'm', {}))).toBe(true);
  });
});
