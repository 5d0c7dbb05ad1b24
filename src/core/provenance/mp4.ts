import { open, type FileHandle } from 'node:fs/promises';
import { BlockReader, fileSource, fourcc, letOthersRun } from './byte-source';

/** The UUID Adobe defined for an XMP box in ISO base media files (MP4, MOV): BE7ACFCB-97A9-42E8-9C71-999491E3AFAC. */
export const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const KNOWN_TOP = new Set([
  'ftyp',
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'uuid',
  'meta',
  'moof',
  'mfra',
  'pdin',
  'styp',
  'sidx',
  'pnot',
  'prfl',
  'udta',
]);

export interface Box {
  type: string;
  start: number;
  size: number;
  /** The box declared size 0 ("to the end of the file"). */
  toEnd: boolean;
}

/** The walk's bounds: a file with more top-level boxes than this is refused (a real one has a few thousand). */
export const MAX_TOP_LEVEL_BOXES = 100_000;

/**
 * Walks the top-level boxes, reading headers in large blocks and keeping none but the last; throws unless
 * they cover the file exactly, the first is a known ISO/QuickTime box and there are at most `maxBoxes`.
 * Time and memory stay bounded whatever the file declares (a file of 8-byte boxes included).
 */
export async function walkTopLevelBoxes(
  fh: FileHandle,
  visit: (box: Box) => void = () => undefined,
  maxBoxes = MAX_TOP_LEVEL_BOXES,
): Promise<{ last: Box; count: number; length: number }> {
  const r = new BlockReader(await fileSource(fh), 1024 * 1024);
  const length = r.size;
  let last: Box | null = null;
  let count = 0;
  let at = 0;
  while (at < length) {
    if (++count > maxBoxes) throw new Error(`more than ${maxBoxes} top-level boxes`);
    await letOthersRun(count);
    let off = r.offsetOf(at, 16);
    if (off < 0) off = await r.load(at);
    const b = r.held;
    const headLength = Math.min(16, b.length - off);
    if (headLength < 8) throw new Error('truncated box header');
    let size = b.readUInt32BE(off);
    const type = fourcc(b, off + 4);
    if (last === null && !KNOWN_TOP.has(type)) throw new Error('not an MP4/MOV file');
    const toEnd = size === 0;
    if (size === 1) {
      if (headLength < 16) throw new Error('truncated large box header');
      size = Number(b.readBigUInt64BE(off + 8));
    } else if (toEnd) size = length - at;
    if (size < 8 || at + size > length) throw new Error(`box ${type} runs past the end of the file`);
    last = { type, start: at, size, toEnd };
    visit(last);
    at += size;
  }
  if (last === null) throw new Error('empty file');
  return { last, count, length };
}

/** The top-level boxes of the file at `path` (at most {@link MAX_TOP_LEVEL_BOXES}; see {@link walkTopLevelBoxes}). */
export async function topLevelBoxes(path: string): Promise<{ boxes: Box[]; length: number }> {
  const fh = await open(path, 'r');
  try {
    const boxes: Box[] = [];
    const { length } = await walkTopLevelBoxes(fh, (b) => boxes.push(b));
    return { boxes, length };
  } finally {
    await fh.close();
  }
}

export const isIsoMedia = (b: Uint8Array): boolean =>
  b.length >= 8 && KNOWN_TOP.has(Buffer.from(b.subarray(4, 8)).toString('latin1'));

/** Writes `buf` at `position` (injected by fault tests). */
export type WriteAt = (fh: FileHandle, buf: Buffer, position: number) => Promise<unknown>;
const writeAt: WriteAt = (fh, buf, position) => fh.write(buf, 0, buf.length, position);

/** Opens `path` for update and appends the XMP box (see {@link appendXmpBox}). */
export async function appendMp4Xmp(path: string, xmp: string, write: WriteAt = writeAt): Promise<number> {
  const fh = await open(path, 'r+');
  try {
    return await appendXmpBox(fh, xmp, write);
  } finally {
    await fh.close();
  }
}

/**
 * Appends a top-level `uuid` XMP box to an open MP4/MOV file in place. Nothing before the end of the file
 * moves, so sample offsets (stco/co64) stay valid and the media bytes are untouched — no re-encoding, no
 * rewrite, no copy. A last box declared "to the end of file" (size 0) gets its real size written first, so
 * it does not swallow the new box. All or nothing: a write that fails (a full disk) puts the file back to
 * the bytes it had. Not synced here: the caller syncs the finished file once. Returns the bytes appended.
 */
export async function appendXmpBox(fh: FileHandle, xmp: string, write: WriteAt = writeAt): Promise<number> {
  const { last, length } = await walkTopLevelBoxes(fh);
  const data = Buffer.from(xmp, 'utf8');
  const box = Buffer.alloc(8 + 16);
  box.writeUInt32BE(box.length + data.length, 0);
  box.write('uuid', 4, 'latin1');
  XMP_UUID.copy(box, 8);
  if (last.toEnd && last.size > 0xffffffff) throw new Error('cannot size an open-ended box over 4 GiB');
  let sized = false;
  try {
    if (last.toEnd) {
      const size = Buffer.alloc(4);
      size.writeUInt32BE(last.size, 0);
      await write(fh, size, last.start);
      sized = true;
    }
    await write(fh, Buffer.concat([box, data]), length);
  } catch (e) {
    await fh.truncate(length).catch(() => undefined);
    if (sized) await writeAt(fh, Buffer.alloc(4), last.start).catch(() => undefined);
    throw e;
  }
  return box.length + data.length;
}
