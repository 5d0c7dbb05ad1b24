import type { z } from 'zod';

/** Salvage for a record of strings (secrets): keeps the readable entries, names the rest. */
export function salvageStringRecord(
  raw: unknown,
): { value: Record<string, string>; dropped: string[] } | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const value: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') value[k] = v;
    else dropped.push(k);
  }
  return { value, dropped };
}

/** Salvage for an array of entries (profiles): each entry parsed alone; a bad one is named by id or place. */
export function salvageArray<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { value: z.output<S>[]; dropped: string[] } | null {
  if (!Array.isArray(raw)) return null;
  const value: z.output<S>[] = [];
  const dropped: string[] = [];
  raw.forEach((entry: unknown, i) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) value.push(parsed.data);
    else {
      const rec = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
      const name =
        typeof rec.name === 'string' ? rec.name : typeof rec.id === 'string' ? rec.id : `entry ${i + 1}`;
      dropped.push(name.slice(0, 80));
    }
  });
  return { value, dropped };
}

/** Salvage for an object with defaults (preferences): drops only the top-level keys that fail. */
export function salvageObject<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { value: z.output<S>; dropped: string[] } | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  let obj = { ...(raw as Record<string, unknown>) };
  const dropped: string[] = [];
  for (let round = 0; round < 50; round++) {
    const parsed = schema.safeParse(obj);
    if (parsed.success) return { value: parsed.data, dropped };
    const keys = new Set(
      parsed.error.issues.map((i) => i.path[0]).filter((k): k is string => typeof k === 'string' && k in obj),
    );
    if (keys.size === 0) return null;
    for (const k of keys) dropped.push(k);
    obj = Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.has(k)));
  }
  return null;
}
