import { extname } from 'node:path';

const BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
};

export function mimeFromName(name: string): string {
  return BY_EXT[extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** A short extension for a MIME type, falling back to the original name's extension, then `bin`. */
export function extensionForMime(mime: string, fallbackExt = ''): string {
  const found = Object.entries(BY_EXT).find(([, m]) => m === mime)?.[0];
  if (found) return found === 'jpeg' ? 'jpg' : found;
  const ext = fallbackExt.replace(/^\./, '').toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(ext) ? ext : 'bin';
}
