import { readFileSync, statSync } from 'node:fs';

/**
 * Checks a SQLite write-ahead log the way SQLite reads it (https://sqlite.org/fileformat2.html#walformat):
 * the 32-byte header (magic, version 3007000, page size, salts, checksum over its first 24 bytes) and the
 * first frame's salts and cumulative checksum. SQLite silently ignores a WAL that fails these checks, which
 * drops every change still in it; we look first so the user is told and the bytes are kept.
 *
 * Returns null when the file is missing, empty or readable; otherwise why it is not.
 */
export function walProblem(walPath: string): string | null {
  let size: number;
  try {
    size = statSync(walPath).size;
  } catch {
    return null;
  }
  if (size === 0) return null;
  const buf = readFileSync(walPath);
  if (buf.length < 32) return 'the journal is shorter than its header';
  const magic = buf.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return 'the journal header is not a SQLite journal';
  const bigEndian = magic === 0x377f0683;
  if (buf.readUInt32BE(4) !== 3007000) return 'the journal has an unknown format version';
  const pageSize = buf.readUInt32BE(8);
  const validPage = pageSize === 1 ? 65536 : pageSize;
  if (validPage < 512 || validPage > 65536 || (validPage & (validPage - 1)) !== 0)
    return 'the journal names an impossible page size';
  let [s0, s1] = checksum(buf, 0, 24, 0, 0, bigEndian);
  if (s0 !== buf.readUInt32BE(24) || s1 !== buf.readUInt32BE(28))
    return 'the journal header checksum does not match';
  const frame = 24 + validPage;
  if (buf.length < 32 + frame) return null; // no complete frame: a torn first write, nothing committed
  const salt1 = buf.readUInt32BE(16);
  const salt2 = buf.readUInt32BE(20);
  if (buf.readUInt32BE(32 + 8) !== salt1 || buf.readUInt32BE(32 + 12) !== salt2)
    return 'the first journal frame does not belong to this journal';
  [s0, s1] = checksum(buf, 32, 8, s0, s1, bigEndian);
  [s0, s1] = checksum(buf, 32 + 24, validPage, s0, s1, bigEndian);
  if (s0 !== buf.readUInt32BE(32 + 16) || s1 !== buf.readUInt32BE(32 + 20))
    return 'the first journal frame is damaged';
  return null;
}

function checksum(
  buf: Buffer,
  start: number,
  length: number,
  a: number,
  b: number,
  bigEndian: boolean,
): [number, number] {
  let s0 = a >>> 0;
  let s1 = b >>> 0;
  for (let i = start; i < start + length; i += 8) {
    const x0 = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const x1 = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}
