import type { MediaKind } from '../../shared/operations/media';

/** What a file's first bytes say it is: a media type Atelier stages, or null for anything else. */
export interface Sniffed {
  mime: string;
  kind: MediaKind;
}

/** Bytes needed to recognise every format below. */
export const SNIFF_BYTES = 64;

const ascii = (b: Uint8Array, at: number, text: string): boolean => {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const bytes = (b: Uint8Array, at: number, seq: readonly number[]): boolean =>
  seq.every((v, i) => b[at + i] === v);

/** ISO base media (MP4, MOV, M4A): `ftyp` at offset 4, the major brand after it says which. */
function isoBmff(b: Uint8Array): Sniffed | null {
  if (!ascii(b, 4, 'ftyp')) return null;
  const brand = String.fromCharCode(...b.subarray(8, 12));
  if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video' };
  if (brand === 'M4A ' || brand === 'M4B ') return { mime: 'audio/mp4', kind: 'audio' };
  if (/^(avif|avis|heic|heix|mif1)$/.test(brand)) return null; // still images in an ISO box: not accepted
  return { mime: 'video/mp4', kind: 'video' };
}

/**
 * Recognises image, video and audio files by their magic bytes, never by name or declared type, so a text
 * file, an archive or a key store renamed `.png` is refused.
 */
export function sniffMedia(head: Uint8Array): Sniffed | null {
  const b = head;
  if (bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', kind: 'image' };
  if (bytes(b, 0, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'image' };
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return { mime: 'image/gif', kind: 'image' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { mime: 'image/webp', kind: 'image' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { mime: 'audio/wav', kind: 'audio' };
  if (bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', kind: 'video' };
  if (ascii(b, 0, 'OggS')) return { mime: 'audio/ogg', kind: 'audio' };
  if (ascii(b, 0, 'ID3')) return { mime: 'audio/mpeg', kind: 'audio' };
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0)
    return { mime: 'audio/aac', kind: 'audio' }; // ADTS
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)
    return { mime: 'audio/mpeg', kind: 'audio' }; // MPEG frame sync
  return isoBmff(b);
}

/** Largest staged file per kind (the gateway's own limits are smaller; these guard the app and the disk). */
export const MAX_STAGED_BYTES: Record<MediaKind, number> = {
  image: 50 * 1024 * 1024,
  video: 512 * 1024 * 1024,
  audio: 100 * 1024 * 1024,
};
