import type { Provenance } from '../../shared/domain/library';
import { BlockReader, fourcc, letOthersRun, type ByteSource } from './byte-source';
import { DamagedSettingsError, SETTINGS_LIMITS, type SettingsLimits } from './damaged';
import { isJpeg, isWebp, XMP_NS_HEADER } from './jpeg-webp';
import { isIsoMedia, XMP_UUID } from './mp4';
import { isPng, PNG_KEYWORD } from './png';
import { firstSettings, parseSettingsJson, parseSettingsXmp } from './settings-text';
import { ATELIER_XMP_NS, PROVENANCE_CLOSE, PROVENANCE_OPEN } from './xmp';

/** A place in the file that may hold the settings: PNG iTXt JSON, or an XMP packet. */
type Candidate = { kind: 'json' | 'xmp'; text: string } | { kind: 'damaged'; error: DamagedSettingsError };

/** At most this many metadata parts are read per file (each within SETTINGS_LIMITS.maxBytes). */
const MAX_CANDIDATES = 4;
/** How much of an oversized XMP packet is read to tell whether it is ours. */
const PEEK = 8 * 1024;

type Limits = SettingsLimits;
/** The candidates a walk found, and whether a part ran past the end (a cut file, or the UI's head+tail slice). */
type Walk = (r: BlockReader, limits: Limits) => Promise<{ found: Candidate[]; cut: boolean }>;

/**
 * Makes the reader hold a part's header (`length` bytes, fewer at the end of the file) and answers its
 * offset in the block in hand, or -1 when fewer than `min` bytes of it could be read. Reads a new block
 * only when the one in hand does not cover the header.
 */
async function header(r: BlockReader, at: number, length: number, min = 8): Promise<number> {
  let off = r.offsetOf(at, length);
  if (off < 0) off = await r.load(at);
  return r.held.length - off >= min ? off : -1;
}

const tooLarge = (): Candidate => ({ kind: 'damaged', error: new DamagedSettingsError('too-large') });

/** An XMP packet of `length` bytes at `at`: read when within the bound, peeked at when over it. */
async function xmpAt(r: BlockReader, at: number, length: number, limits: Limits): Promise<Candidate | null> {
  if (length <= limits.maxBytes) return { kind: 'xmp', text: (await r.bytes(at, length)).toString('utf8') };
  const head = (await r.bytes(at, PEEK)).toString('utf8');
  return head.includes(ATELIER_XMP_NS) || head.includes(PROVENANCE_OPEN) ? tooLarge() : null;
}

/** PNG: `iTXt` chunks with keyword `atelier`, uncompressed; the walk stops at IEND. */
const pngWalk: Walk = async (r, limits) => {
  const out: Candidate[] = [];
  const keyword = Buffer.from(`${PNG_KEYWORD}\0`, 'latin1');
  let at = 8;
  for (let parts = 0; at + 12 <= r.size && parts < limits.maxParts && out.length < MAX_CANDIDATES; parts++) {
    await letOthersRun(parts);
    const head = await header(r, at, 8 + keyword.length);
    if (head < 0) break;
    const length = r.held.readUInt32BE(head);
    const type = fourcc(r.held, head + 4);
    if (type === 'IEND') break;
    if (type === 'iTXt' && r.held.subarray(head + 8, head + 8 + keyword.length).equals(keyword)) {
      if (length > limits.maxBytes) out.push(tooLarge());
      else {
        const text = iTxtText(await r.bytes(at + 8, length));
        if (text !== null) out.push({ kind: 'json', text });
      }
    }
    at += 12 + length;
  }
  return { found: out, cut: at > r.size };
};

/** keyword \0, compression flag, method, language \0, translated keyword \0, text (uncompressed only). */
function iTxtText(data: Buffer): string | null {
  let p = PNG_KEYWORD.length + 1;
  if (data[p] !== 0) return null; // compressed: not ours
  p += 2;
  p = data.indexOf(0, p) + 1;
  if (p <= 0) return null;
  p = data.indexOf(0, p) + 1;
  if (p <= 0) return null;
  return data.toString('utf8', p);
}

/** JPEG: APP1 XMP segments before the image data (SOS); fill bytes and standalone markers are stepped over. */
const jpegWalk: Walk = async (r, limits) => {
  const out: Candidate[] = [];
  let at = 2;
  for (let parts = 0; at + 4 <= r.size && parts < limits.maxParts && out.length < MAX_CANDIDATES; parts++) {
    await letOthersRun(parts);
    const head = await header(r, at, 4, 4);
    if (head < 0 || r.held[head] !== 0xff) break; // lost the segment structure: stop looking
    const marker = r.held[head + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = r.held.readUInt16BE(head + 2);
    if (length < 2) break;
    if (marker === 0xe1 && length - 2 > XMP_NS_HEADER.length) {
      const segment = await r.bytes(at + 4, length - 2);
      if (segment.subarray(0, XMP_NS_HEADER.length).equals(XMP_NS_HEADER))
        out.push({ kind: 'xmp', text: segment.toString('utf8', XMP_NS_HEADER.length) });
    }
    at += 2 + length;
  }
  return { found: out, cut: at > r.size };
};

/** WebP: RIFF chunks after the header; the `XMP ` chunk holds the packet. */
const webpWalk: Walk = async (r, limits) => {
  const out: Candidate[] = [];
  let at = 12;
  for (let parts = 0; at + 8 <= r.size && parts < limits.maxParts && out.length < MAX_CANDIDATES; parts++) {
    await letOthersRun(parts);
    const head = await header(r, at, 8);
    if (head < 0) break;
    const length = r.held.readUInt32LE(head + 4);
    if (fourcc(r.held, head) === 'XMP ') {
      const c = await xmpAt(r, at + 8, Math.min(length, r.size - at - 8), limits);
      if (c) out.push(c);
    }
    at += 8 + length + (length & 1);
  }
  return { found: out, cut: at > r.size };
};

/** MP4/MOV: top-level `uuid` boxes with Adobe's XMP UUID (where Atelier appends its packet). */
const mp4Walk: Walk = async (r, limits) => {
  const out: Candidate[] = [];
  let at = 0;
  for (let parts = 0; at + 8 <= r.size && parts < limits.maxParts && out.length < MAX_CANDIDATES; parts++) {
    await letOthersRun(parts);
    const head = await header(r, at, 32);
    if (head < 0) break;
    const b = r.held;
    let size = b.readUInt32BE(head);
    let headSize = 8;
    if (size === 1) {
      if (b.length - head < 16) break;
      size = Number(b.readBigUInt64BE(head + 8));
      headSize = 16;
    } else if (size === 0) size = r.size - at;
    if (size < headSize) break;
    if (fourcc(b, head + 4) === 'uuid') {
      const id = b.subarray(head + headSize, head + headSize + 16);
      if (id.equals(XMP_UUID)) {
        const start = at + headSize + 16;
        const c = await xmpAt(r, start, Math.max(0, Math.min(size - headSize - 16, r.size - start)), limits);
        if (c) out.push(c);
      }
    }
    at += size;
  }
  return { found: out, cut: at > r.size };
};

function walkFor(head: Buffer): Walk | null {
  if (isPng(head)) return pngWalk;
  if (isJpeg(head)) return jpegWalk;
  if (isWebp(head)) return webpWalk;
  if (isIsoMedia(head)) return mp4Walk;
  return null;
}

/**
 * Reads Atelier settings from a file with bounded reads: only the chunks, segments and boxes that can hold
 * them, each within `limits.maxBytes`, walking at most `limits.maxParts` parts, in large blocks. Answers
 * null for a file without settings (or of a type Atelier does not annotate); throws
 * {@link DamagedSettingsError} when the settings are there but over a bound.
 */
export async function readSettings(source: ByteSource, limits: Limits = SETTINGS_LIMITS): Promise<Provenance | null> {
  const r = new BlockReader(source);
  const walk = walkFor(await r.bytes(0, 16));
  if (!walk) return null;
  const walked = await walk(r, limits);
  const candidates = walked.found.length || !walked.cut ? walked.found : await tailPacket(r, limits);
  return firstSettings(
    candidates.map((c) => () => {
      if (c.kind === 'damaged') throw c.error;
      return c.kind === 'json' ? parseSettingsJson(c.text, limits) : parseSettingsXmp(c.text, limits);
    }),
  );
}

/**
 * A cut file (the renderer sends only the first and last megabytes of a large one) loses its structure
 * where the cut is, but the XMP packet the writers append is still in its last bytes: one bounded read of
 * the tail, searched for the provenance tags.
 */
async function tailPacket(r: BlockReader, limits: Limits): Promise<Candidate[]> {
  const window = Math.min(r.size, limits.maxBytes);
  const tail = await r.bytes(r.size - window, window);
  const open = tail.lastIndexOf(PROVENANCE_OPEN);
  if (open < 0) return [];
  const close = tail.indexOf(PROVENANCE_CLOSE, open);
  if (close < 0) return [tooLarge()]; // ours, and longer than the window
  return [{ kind: 'xmp', text: tail.toString('utf8', open, close + PROVENANCE_CLOSE.length) }];
}
