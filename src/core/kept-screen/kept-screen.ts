import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { keptFirstScreenSchema, type FirstScreen, type Handlers, type MethodParsedInput } from '../../shared/bridge/contract';
import { FIRST_PAGE_SIZE } from '../../shared/kept-screen';
import { taskFilterKey } from '../../shared/domain/task-filter-key';
import { writeTextFile } from '../storage/json-file';
import { keptScreenShapeOk, sanitizeKeptScreen } from './sanitize';

type KeepInput = MethodParsedInput<'keepFirstScreen'>;

/** What the app handler paints before the renderer's code runs (see `injectKeptScreen`). */
export interface KeptScreenView {
  html: string;
  /** The window width the HTML was laid out for: shown only in a window of that width. */
  width: number;
  /** `taskFilterKey` of the gallery's filter it shows: a renderer with another filter drops it at once. */
  filterKey: string;
  theme: 'light' | 'dark';
  /** The theme follows the system's: shown only while the system's is still `theme`. */
  followsSystem: boolean;
  language: string;
  /** The first screen's data under its filter, as `getFirstScreen` answers it: the renderer needs no call. */
  data: FirstScreen;
  /** The renderer build it was laid out by (its entry script's file name): painted only into that build. */
  build: string;
}

const recordSchema = keptFirstScreenSchema.extend({
  /** 2: with the renderer build (a version-1 copy, from before, names none and is not painted). */
  version: z.literal(2),
  /** The first page's counts when it was kept (the status chips show them). */
  counts: z.record(z.string(), z.number()),
  /** The studio's language when it was kept: the copy's words are in it, so it is painted only in that one. */
  language: z.string(),
});
type KeptRecord = z.infer<typeof recordSchema>;

export interface KeptScreenDeps {
  /** `<dataDir>/kept-screen.json`. */
  file: string;
  listTasks: Handlers['listTasks'];
  getFirstScreen: Handlers['getFirstScreen'];
  appearance(): { theme: string; language: string };
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
};

/**
 * The last first screen the renderer showed, kept so the next load paints it from the HTML, before React
 * runs. It is served only while it is still true: the gallery's first page under the kept filter has the
 * same tasks, in the same order, states and favourites, and the same counts. Anything else (a task added,
 * finished or starred since, a damaged file) and the page loads as it did before: React paints it.
 */
export function createKeptScreen(deps: KeptScreenDeps) {
  let cached: KeptRecord | null | undefined;

  // A cache, not the user's work: a missing, damaged or older file is no kept screen (no notice, nothing set
  // aside); the next keep writes it anew.
  const load = (): KeptRecord | null => {
    if (cached !== undefined) return cached;
    let raw: unknown = null;
    try {
      raw = JSON.parse(readFileSync(deps.file, 'utf8')) as unknown;
    } catch {
      raw = null;
    }
    const parsed = recordSchema.safeParse(raw);
    cached = parsed.success ? parsed.data : null;
    return cached;
  };

  async function firstPage(record: Pick<KeptRecord, 'filter' | 'shown'>) {
    return deps.listTasks({ filter: record.filter, cursor: null, limit: record.shown.length });
  }

  const matches = (record: Pick<KeptRecord, 'shown'>, items: { id: string; status: string; favourite: boolean }[]) =>
    items.length === record.shown.length &&
    record.shown.every((s, i) => items[i]?.id === s.id && items[i].status === s.status && items[i].favourite === s.favourite);

  return {
    /** Keeps the screen if what it shows is the library's first page now; `kept: false` otherwise. */
    async keep(input: KeepInput): Promise<{ kept: boolean }> {
      if (!keptScreenShapeOk(input.html)) return { kept: false };
      const page = await firstPage(input);
      if (!matches(input, page.items)) return { kept: false };
      const html = sanitizeKeptScreen(input.html);
      const record: KeptRecord = { ...input, html, version: 2, counts: page.counts, language: deps.appearance().language };
      writeTextFile(deps.file, JSON.stringify(record));
      cached = record;
      return { kept: true };
    },

    /** The kept screen if it still shows the library as it is, else null. */
    async view(): Promise<KeptScreenView | null> {
      const record = load();
      if (!record) return null;
      // The first screen's data, read now: the kept tiles must be its first page's, and its counts the same.
      const data = await deps.getFirstScreen({ filter: record.filter, limit: Math.max(FIRST_PAGE_SIZE, record.shown.length) });
      const { page } = data;
      if (!matches(record, page.items.slice(0, record.shown.length)) || !sameCounts(record.counts, page.counts)) return null;
      const { theme, language } = deps.appearance();
      // The language changed since (and the app closed before the next keep): its words would be the old ones.
      if (language !== record.language) return null;
      const fixed = theme === 'light' || theme === 'dark' ? theme : null;
      return {
        html: record.html,
        width: record.width,
        filterKey: taskFilterKey(record.filter),
        theme: fixed ?? record.theme,
        followsSystem: fixed === null,
        language,
        data,
        build: record.build,
      };
    },
  };
}

export type KeptScreen = ReturnType<typeof createKeptScreen>;
