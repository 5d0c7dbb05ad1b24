import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskFilter } from '../../shared/domain/task';
import { openDatabase } from './open-database';
import { TaskStore } from './task-store';
import { makeTaskRecord, makeTempDbPath } from './test-fixtures';

let store: TaskStore;
let cleanup: () => void;
beforeEach(() => {
  const t = makeTempDbPath();
  store = TaskStore.open(t.file);
  cleanup = () => {
    store.close();
    t.cleanup();
  };
});
afterEach(() => cleanup());

const search = (text: string, f: Partial<TaskFilter> = {}): string[] =>
  store.list({ sort: 'oldest', ...f, search: text }, null, 50).items.map((r) => r.prompt);

function insertPrompts(...prompts: string[]): void {
  store.transaction(() => prompts.forEach((prompt) => store.insert(makeTaskRecord({ prompt }))));
}

describe('prompt search', () => {
  beforeEach(() =>
    insertPrompts(
      'A lighthouse at dusk, cinematic',
      'A sleepy fox on a light blue sofa',
      'Café terrace in Paris, watercolor',
      '一只橘猫在月光下睡觉，水彩风格',
      '赛博朋克街头，夜晚霓虹灯下',
      'Mixed prompt: 熊猫 eating bamboo',
    ),
  );

  it('finds a task by one word, by a prefix, and ANDs words', () => {
    expect(search('lighthouse')).toEqual(['A lighthouse at dusk, cinematic']);
    expect(search('light')).toEqual(['A lighthouse at dusk, cinematic', 'A sleepy fox on a light blue sofa']);
    expect(search('light fox')).toEqual(['A sleepy fox on a light blue sofa']);
    expect(search('FOX')).toEqual(['A sleepy fox on a light blue sofa']);
    expect(search('dragon')).toEqual([]);
  });

  it('ignores accents both ways', () => {
    expect(search('cafe')).toEqual(['Café terrace in Paris, watercolor']);
    expect(search('CAFÉ')).toEqual(['Café terrace in Paris, watercolor']);
  });

  it('finds Chinese words inside unspaced sentences, short and long', () => {
    expect(search('月光')).toEqual(['一只橘猫在月光下睡觉，水彩风格']);
    // Substring semantics: 猫 (cat) is also inside 熊猫 (panda), as a Chinese reader would expect of a search box.
    expect(search('猫')).toEqual(['一只橘猫在月光下睡觉，水彩风格', 'Mixed prompt: 熊猫 eating bamboo']);
    expect(search('橘猫')).toEqual(['一只橘猫在月光下睡觉，水彩风格']);
    expect(search('霓虹灯')).toEqual(['赛博朋克街头，夜晚霓虹灯下']);
    expect(search('水彩风格 橘猫')).toEqual(['一只橘猫在月光下睡觉，水彩风格']);
    expect(search('熊猫 bamboo')).toEqual(['Mixed prompt: 熊猫 eating bamboo']);
    expect(search('月光 fox')).toEqual([]);
  });

  it('combines search with the other filters and counts', () => {
    const page = store.list({ sort: 'newest', search: 'light', until: 0 }, null, 10);
    expect(page).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(store.list({ sort: 'newest', search: 'light' }, null, 1).total).toBe(2);
    expect(store.countsByStatus({ search: 'light' }).succeeded).toBe(2);
  });

  it.each([
    '"',
    '*',
    '-foo',
    'NEAR(',
    "'",
    ')',
    '(',
    'AND',
    'OR NOT',
    '^',
    ':',
    'prompt:fox',
    '"unterminated',
    '%',
    '_',
    '\\',
    '{a b}',
    '😀',
    '\u0000',
    '   ',
  ])('does not throw on %j', (nasty) => {
    expect(() => search(nasty)).not.toThrow();
    expect(() => store.countsByStatus({ search: nasty })).not.toThrow();
  });

  it('treats punctuation-only input as no search and operators as plain words', () => {
    expect(search('"*()')).toHaveLength(6);
    expect(search('-fox')).toEqual(['A sleepy fox on a light blue sofa']);
    expect(search('fox NOT')).toEqual([]);
  });
});

describe('index consistency', () => {
  it('follows prompt updates and deletes', () => {
    const a = makeTaskRecord({ prompt: 'an orange tabby cat' });
    const b = makeTaskRecord({ prompt: '一只橘猫在月光下' });
    store.insert(a);
    store.insert(b);
    store.update(a.id, { prompt: 'a grey wolf howling' });
    expect(search('tabby')).toEqual([]);
    expect(search('wolf')).toEqual(['a grey wolf howling']);
    store.update(b.id, { prompt: '雪山脚下的小村庄' });
    expect(search('月光下')).toEqual([]);
    expect(search('雪山脚下')).toEqual(['雪山脚下的小村庄']);
    // A non-prompt update must leave the index alone (the trigger's WHEN clause).
    store.update(a.id, { progress: 55, status: 'running' });
    expect(search('wolf')).toEqual(['a grey wolf howling']);
    store.delete(a.id);
    store.delete(b.id);
    expect(search('wolf')).toEqual([]);
    expect(search('雪山脚下')).toEqual([]);
  });

  it('passes FTS5 integrity checks against the tasks table after many writes', () => {
    const t = makeTempDbPath();
    const own = TaskStore.open(t.file);
    own.transaction(() => {
      for (let i = 0; i < 200; i++)
        own.insert(makeTaskRecord({ id: `x${i}`, prompt: `prompt number ${i} 第${i}号提示` }));
      for (let i = 0; i < 200; i += 3) own.update(`x${i}`, { prompt: `rewritten ${i} 改写过的` });
      for (let i = 0; i < 200; i += 7) own.delete(`x${i}`);
    });
    const count = (text: string): number => own.list({ sort: 'newest', search: text }, null, 1).total;
    // Updated (i % 3 == 0: 67 ids) minus those also deleted (i % 21 == 0: 10 ids).
    expect(count('rewritten')).toBe(57);
    expect(count('改写过')).toBe(57);
    expect(count('number')).toBe(200 - 67 - 29 + 10);
    own.close();
    const db = openDatabase(t.file);
    try {
      // With rank = 1, FTS5 compares its index against the external content table itself.
      for (const table of ['tasks_fts', 'tasks_fts_trigram']) {
        expect(() =>
          db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`),
        ).not.toThrow();
      }
    } finally {
      db.close();
      t.cleanup();
    }
  });
});
