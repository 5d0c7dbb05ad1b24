import { XMP_UUID } from './mp4';
import { isPng, PNG_KEYWORD } from './png';

/**
 * The payload as it was before Atelier annotated it: PNG without its `atelier` iTXt chunk, MP4/MOV without
 * the trailing XMP box. Lets a test (or a user's script) check a library file against the task's sha256.
 * Other bytes are returned as they are.
 */
export function stripProvenance(bytes: Buffer): Buffer {
  if (isPng(bytes)) {
    const parts: Buffer[] = [bytes.subarray(0, 8)];
    let at = 8;
    while (at + 12 <= bytes.length) {
      const len = bytes.readUInt32BE(at);
      const type = bytes.toString('latin1', at + 4, at + 8);
      const end = at + 12 + len;
      const ours =
        type === 'iTXt' &&
        bytes.toString('latin1', at + 8, at + 8 + PNG_KEYWORD.length + 1) === `${PNG_KEYWORD}\0`;
      if (!ours) parts.push(bytes.subarray(at, end));
      at = end;
    }
    // Bytes after the last whole chunk are kept: a padded or damaged file must not come out looking clean.
    if (at < bytes.length) parts.push(bytes.subarray(at));
    return Buffer.concat(parts);
  }
  // ISO media: drop top-level XMP uuid boxes at the end of the file.
  let end = bytes.length;
  let at = 0;
  const boxes: { start: number; size: number; xmp: boolean }[] = [];
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(at);
    if (size < 8) break;
    const xmp =
      bytes.toString('latin1', at + 4, at + 8) === 'uuid' && bytes.subarray(at + 8, at + 24).equals(XMP_UUID);
    boxes.push({ start: at, size, xmp });
    at += size;
  }
  if (at !== bytes.length) return bytes;
  for (let i = boxes.length - 1; i >= 0 && boxes[i]?.xmp; i--) end = boxes[i]?.start ?? end;
  return bytes.subarray(0, end);
}
