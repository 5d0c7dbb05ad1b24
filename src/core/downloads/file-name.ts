/** Safe, readable file names for library files. */

/** Values for the tokens of a file-name pattern. Missing tokens expand to nothing. */
export interface FileNameTokens {
  /** Moment used for `{date}` (YYYY-MM-DD) and `{time}` (HH-MM-SS), local time. Default: now. */
  at?: Date;
  /** `{operation}`: operation id, e.g. `text-to-video`. */
  operation?: string;
  /** `{model}`: model id, e.g. `kling_3.0-Omni_img2video`. */
  model?: string;
  /** `{prompt}`: slugged (letters and digits of any script kept) and cut to ~40 characters. */
  prompt?: string;
  /** `{task}`: the local task id. */
  task?: string;
  /** `{index}`: 1-based result index. */
  index?: number;
  /**
   * Content type of the file, as its magic bytes say (see `admitResult`); chooses the extension. Never the
   * URL's: a result URL ending `.sh` must not name a file `.sh`.
   */
  contentType?: string | null;
  /** Extension when the content type does not tell (default `bin`). */
  fallbackExtension?: string;
}

/** Longest file name produced, in UTF-16 code units and in UTF-8 bytes (ext4/APFS allow 255 bytes). */
export const MAX_NAME_CHARS = 120;
export const MAX_NAME_BYTES = 200;
const PROMPT_CHARS = 40;

const MIME_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/mpeg': 'mpeg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
};

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * Extension (without dot, lower case) for a file of this content type (a media type Atelier knows), else
 * `fallback`. Never from a URL: the bytes decide what a file is, and so what it is called.
 */
export function extensionFor(contentType: string | null | undefined, fallback = 'bin'): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  // Own keys only: a content type like `constructor` must not reach Object.prototype.
  const fromType = type && Object.hasOwn(MIME_EXTENSIONS, type) ? MIME_EXTENSIONS[type] : undefined;
  if (fromType) return fromType;
  return fallback.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
}

/** Prompt → slug: runs of anything but letters, marks and digits (any script) become one `-`; ≤ 40 code points. */
export function slugPrompt(prompt: string, maxChars = PROMPT_CHARS): string {
  const slug = prompt
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return trimSeparators(cutCodePoints(slug, maxChars));
}

/** Removes what no file system accepts (and what confuses shells and Finder) from a token or a name. */
function cleanPart(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '') // control, format (bidi, zero-width) and line separators
    .replace(/[<>:"/\\|?*]+/g, '-') // illegal on Windows; '/' everywhere
    .replace(/\s+/gu, ' ')
    .replace(/\.{2,}/g, '.'); // no '..' sequences
}

function trimSeparators(s: string): string {
  return s.replace(/^[\s._-]+|[\s._-]+$/gu, '');
}

/** Cuts to at most `max` code points without splitting a surrogate pair. */
function cutCodePoints(s: string, max: number): string {
  const points = Array.from(s);
  return points.length <= max ? s : points.slice(0, max).join('');
}

/** Cuts so that the string has at most `maxChars` UTF-16 units and `maxBytes` UTF-8 bytes. */
function cutToLimits(s: string, maxChars: number, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const b = Buffer.byteLength(ch, 'utf8');
    if (out.length + ch.length > maxChars || bytes + b > maxBytes) break;
    out += ch;
    bytes += b;
  }
  return out;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Expands a pattern such as `{date}_{operation}_{prompt}_{index}` into a file name that is safe on
 * Windows, macOS and Linux: tokens `{date} {time} {operation} {model} {prompt} {task} {index}`
 * (unknown `{x}` are dropped), no path separators, no `..`, no control or bidi characters, no leading
 * dot, no trailing dot or space, no reserved Windows device name (`CON`, `nul.txt` …), letters of every
 * script kept (Chinese prompts stay readable), at most 120 characters and 200 UTF-8 bytes including the
 * extension. The extension comes from the content type, else `fallbackExtension` (never from a URL).
 */
export function fileNameFromPattern(pattern: string, tokens: FileNameTokens): string {
  const at = tokens.at ?? new Date();
  const values: Record<string, string> = {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`,
    operation: tokens.operation ?? '',
    model: tokens.model ?? '',
    prompt: slugPrompt(tokens.prompt ?? ''),
    task: tokens.task ?? '',
    index: tokens.index === undefined ? '' : String(tokens.index),
  };
  const expanded = pattern.replace(/\{([a-z]+)\}/gi, (_m, key: string) => {
    const v = values[key.toLowerCase()] ?? '';
    return trimSeparators(cleanPart(v));
  });
  // Separators left dangling by empty tokens collapse: "a__b" → "a_b", "-_" → "_".
  let stem = trimSeparators(
    cleanPart(expanded)
      .replace(/([\s_-])[\s_-]+/g, '$1')
      .replace(/[\s.]+$/u, ''),
  );
  if (stem === '') stem = values.task ? trimSeparators(cleanPart(values.task)) : '';
  if (stem === '') stem = 'atelier';
  const ext = extensionFor(tokens.contentType, tokens.fallbackExtension);
  const room = MAX_NAME_CHARS - ext.length - 1;
  const roomBytes = MAX_NAME_BYTES - ext.length - 1;
  stem = trimSeparators(cutToLimits(stem, room - 1, roomBytes - 1)).replace(/[\s.]+$/u, '') || 'atelier';
  // Windows reserves device names even with an extension ("nul.txt", "COM1.tar.gz").
  const base = stem.split('.')[0]?.trim() ?? '';
  if (WINDOWS_RESERVED.test(base)) stem = `_${stem}`;
  return `${stem}.${ext}`;
}
