import { provenanceSchema, type Provenance } from '../../shared/domain/library';
import { DamagedSettingsError, SETTINGS_LIMITS, type SettingsLimits } from './damaged';
import { PROVENANCE_CLOSE, PROVENANCE_OPEN, unescapeXml } from './xmp';

/**
 * Checks the shape of a JSON text before it is parsed: its nesting depth and how many values it holds, in
 * one pass over the characters with no recursion, so a 6,000-deep array never reaches JSON.parse, zod, or
 * the JSON.stringify of a bridge reply. Counts are approximate upper bounds (every key, string, comma
 * and opening bracket counts), which is what a bound needs.
 */
export function checkJsonShape(text: string, limits: SettingsLimits = SETTINGS_LIMITS): void {
  if (text.length > limits.maxBytes) throw new DamagedSettingsError('too-large');
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      values++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limits.maxDepth) throw new DamagedSettingsError('too-deep');
      values++;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c) values++;
    else continue;
    if (values > limits.maxValues) throw new DamagedSettingsError('too-many-values');
  }
}

/**
 * The settings in one candidate text (the JSON of a PNG iTXt chunk), or null when the text is not Atelier
 * settings at all (not JSON, another app's JSON). Throws {@link DamagedSettingsError} when it is over a bound.
 */
export function parseSettingsJson(text: string, limits: SettingsLimits = SETTINGS_LIMITS): Provenance | null {
  checkJsonShape(text, limits);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null; // not JSON: not ours, or cut short
  }
  const parsed = provenanceSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The escaped JSON between the provenance tags of an XMP packet, or null when the packet holds none. */
export function provenanceInXmp(xmp: string): string | null {
  const open = xmp.lastIndexOf(PROVENANCE_OPEN);
  if (open < 0) return null;
  const close = xmp.indexOf(PROVENANCE_CLOSE, open);
  if (close < 0) return null;
  return xmp.slice(open + PROVENANCE_OPEN.length, close);
}

/** The settings in an XMP packet (JPEG APP1, WebP `XMP ` chunk, MP4/MOV uuid box). */
export function parseSettingsXmp(xmp: string, limits: SettingsLimits = SETTINGS_LIMITS): Provenance | null {
  const escaped = provenanceInXmp(xmp);
  if (escaped === null) return null;
  if (escaped.length > limits.maxBytes) throw new DamagedSettingsError('too-large');
  return parseSettingsJson(unescapeXml(escaped), limits);
}

/**
 * Tries each candidate in turn: the first that holds settings wins. When none does and one of them was
 * over a bound, that damage is what the file has (thrown), rather than "no settings".
 */
export function firstSettings(candidates: Iterable<() => Provenance | null>): Provenance | null {
  let damage: DamagedSettingsError | null = null;
  for (const read of candidates) {
    try {
      const p = read();
      if (p) return p;
    } catch (e) {
      if (!(e instanceof DamagedSettingsError)) throw e;
      damage ??= e;
    }
  }
  if (damage) throw damage;
  return null;
}
