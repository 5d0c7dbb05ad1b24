import type { MediaKind, MediaValue } from '../../../../../shared/operations/media';
import { mediaUrl } from '../../../bridge/media';
import { formatBytes } from '../../../../../shared/number-format';

export { formatBytes };

export const MB = 1024 * 1024;

/** Size limits where the catalog gives none: generous, only to catch an obviously wrong file early. */
export const DEFAULT_MAX_BYTES: Record<MediaKind, number> = { image: 50 * MB, video: 500 * MB, audio: 50 * MB };

export const ACCEPT_ATTR: Record<MediaKind, string> = { image: 'image/*', video: 'video/*', audio: 'audio/*' };

export function mediaMime(m: MediaValue): string | null {
  if (m.kind === 'file') return m.input.mime;
  if (m.kind === 'result') return m.mime;
  return null;
}

/** The kind shown for a value: from its MIME type, else guessed from a link's extension. */
export function mediaKindOf(m: MediaValue, fallback: MediaKind): MediaKind {
  const mime = mediaMime(m);
  if (mime?.startsWith('image/')) return 'image';
  if (mime?.startsWith('video/')) return 'video';
  if (mime?.startsWith('audio/')) return 'audio';
  if (m.kind === 'url') {
    if (/^data:image\//i.test(m.url) || /\.(png|jpe?g|webp|gif|avif)(\?|$)/i.test(m.url)) return 'image';
    if (/^data:video\//i.test(m.url) || /\.(mp4|mov|webm|m4v)(\?|$)/i.test(m.url)) return 'video';
    if (/^data:audio\//i.test(m.url) || /\.(mp3|wav|m4a|aac|ogg)(\?|$)/i.test(m.url)) return 'audio';
  }
  return fallback;
}

/** Where a thumbnail or preview can be loaded from. */
export function mediaPreviewUrl(m: MediaValue): string | null {
  if (m.kind === 'file') return mediaUrl('inputs', m.input.id);
  // Web links are never loaded by the page: its CSP allows only the app's own media (and data: URLs), and
  // fetching them would tell a third party the user is looking. Callers show an icon and say why instead.
  if (m.kind === 'result') return m.file ? mediaUrl('library', m.file) : null;
  return /^data:/i.test(m.url) ? m.url : null;
}

export function mediaName(m: MediaValue): string {
  if (m.kind === 'file') return m.input.name;
  if (m.kind === 'result') return m.file?.split('/').pop() ?? m.remoteUrl ?? m.taskId;
  if (m.url.startsWith('data:')) return 'data:';
  try {
    const u = new URL(m.url);
    return u.pathname.split('/').pop() || u.host;
  } catch {
    return m.url;
  }
}

/** Why a file cannot go into a field, as a translation key and its parameters; null when it can. */
export function checkFile(file: File, accept: MediaKind, maxBytes: number): { key: string; params: Record<string, string> } | null {
  const type = file.type || 'unknown';
  if (!type.startsWith(`${accept}/`)) return { key: 'forms.media.wrongType', params: { name: file.name || 'clipboard', type, kind: accept } };
  if (file.size > maxBytes) return { key: 'forms.media.tooLarge', params: { name: file.name, size: formatBytes(file.size), max: formatBytes(maxBytes) } };
  return null;
}

export const isHttpUrl = (s: string): boolean => /^https?:\/\/[^\s]+$/i.test(s.trim()) || /^data:[^,]*,/.test(s.trim());
