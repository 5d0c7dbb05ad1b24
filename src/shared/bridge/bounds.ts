import { z } from 'zod';

/** Limits for a free-form JSON value crossing the bridge (`values`, `extra`). */
export interface JsonBounds {
  /** Nesting depth of objects and arrays (the top-level record is depth 1). */
  maxDepth: number;
  /** Longest string anywhere inside, in UTF-16 code units. */
  maxString: number;
  /** Most members of one object or items of one array. */
  maxEntries: number;
  /** Size of the whole value as JSON, in characters. */
  maxJson: number;
}

/** What is wrong with a value, or null when it is within bounds (iterative: deep input cannot blow the stack). */
export function jsonBoundsProblem(value: unknown, b: JsonBounds): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let seen = 0;
  while (stack.length) {
    const { v, depth } = stack.pop() as { v: unknown; depth: number };
    if (++seen > 100_000) return 'too many values';
    if (typeof v === 'string') {
      if (v.length > b.maxString) return `a text is longer than ${b.maxString} characters`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > b.maxDepth) return `nested deeper than ${b.maxDepth} levels`;
    const entries = Array.isArray(v) ? v : Object.entries(v as Record<string, unknown>).flat();
    if ((Array.isArray(v) ? v.length : entries.length / 2) > b.maxEntries)
      return `more than ${b.maxEntries} entries in one place`;
    for (const child of entries) stack.push({ v: child, depth: depth + 1 });
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return 'not plain JSON';
  }
  return json !== undefined && json.length > b.maxJson
    ? `larger than ${Math.round(b.maxJson / 1024)} KB`
    : null;
}

/** A string-keyed record of JSON values, refused with a clear message when it passes the bounds. */
export const boundedRecord = (b: JsonBounds) =>
  z.record(z.string().max(128), z.unknown()).superRefine((v, ctx) => {
    const problem = jsonBoundsProblem(v, b);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `values` of a submission: prompts are generous (the catalog's longest is 32,000), media lists short. */
export const VALUES_BOUNDS: JsonBounds = {
  maxDepth: 8,
  maxString: 100_000,
  maxEntries: 64,
  maxJson: 512 * 1024,
};
/** `extra` fields: a handful of gateway options. */
export const EXTRA_BOUNDS: JsonBounds = {
  maxDepth: 6,
  maxString: 16_384,
  maxEntries: 64,
  maxJson: 64 * 1024,
};
