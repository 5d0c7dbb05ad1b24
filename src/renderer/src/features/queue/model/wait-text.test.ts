import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';
import { ordinal, roughDuration, waitText, type Translate } from './wait-text';

/** A tiny translate over the feature's own locale files (the app merges them into i18next the same way). */
function translator(tree: unknown): Translate {
  return (key, options = {}) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`missing ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}
const tEn = translator(en);
const tZh = translator(zh);

describe('the waiting line on a tile', () => {
  it('reads "Waiting for a slot · 3rd in line · starts in ~2 min" in English and in Simplified Chinese', () => {
    const place = { position: 3, etaMs: 118_000, reason: 'slot' as const, retryAt: null };
    expect(waitText(place, 0, tEn)).toBe('Waiting for a slot · 3rd in line · starts in ~2 min');
    expect(waitText(place, 0, tZh)).toBe('等待空位 · 第 3 位 · 约 2 分钟后开始');
  });

  it('says paused without a time, and counts down a "not now" backoff', () => {
    expect(waitText({ position: 1, etaMs: null, reason: 'paused', retryAt: null }, 0, tEn)).toBe('Paused · 1st in line');
    expect(waitText({ position: 2, etaMs: 5_000, reason: 'parallel-refusal', retryAt: 4_200 }, 0, tEn)).toBe('The gateway is full · 2nd in line · next try in 5 s');
    expect(waitText({ position: 1, etaMs: 0, reason: 'slot', retryAt: null }, 0, tEn)).toBe('Waiting for a slot · 1st in line · starts now');
  });

  it('English ordinals and rough durations', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => ordinal(n, tEn))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']);
    expect([3_000, 40_000, 50_000, 150_000, 7_200_000].map((ms) => roughDuration(ms, tEn))).toEqual(['~5 s', '~40 s', '<1 min', '~3 min', '~2 h']);
  });
});
