import type { InputRef } from '../../../shared/domain/task';
import { BridgeError } from '../../../shared/bridge/bridge-error';
import type { BridgeClient } from '../../../shared/bridge/client';
import { electronApi, webSessionToken } from './environment';

/** The schema a staged file's reply is checked with: loaded with the first staging, not with the gallery. */
const inputRefSchema = () => import('../../../shared/domain/task').then((m) => m.inputRefSchema);

/**
 * URL of a file in the app's folders: the same same-origin `/media/<root>/<path>` in both transports (the
 * shared app handler serves it from `atelier-app://app` and from the web host); only web mode adds its token.
 */
export function mediaUrl(
  root: 'library' | 'inputs' | 'thumbs',
  relPath: string,
  opts: { download?: boolean } = {},
): string {
  const path = relPath.split('/').map(encodeURIComponent).join('/');
  const q = new URLSearchParams();
  if (!electronApi()) q.set('token', webSessionToken() ?? '');
  if (opts.download) q.set('download', '1');
  const query = q.toString();
  return `/media/${root}/${path}${query ? `?${query}` : ''}`;
}

/**
 * Copies a dropped, pasted or picked file into the app's input folder. Electron: by path (or bytes when a
 * pasted image has none); web: an HTTP upload with the session token. Never base64 over the bridge.
 */
/** The refusal's codes (`file`, `maxMb`) as the host sent them: string values only, anything else dropped. */
function stringFields(fields: unknown): Record<string, string> | undefined {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return undefined;
  const kept = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string');
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

export async function stageFile(client: BridgeClient, file: File): Promise<InputRef> {
  const api = electronApi();
  if (api) {
    const staged = api.stageFile(file);
    if (staged) {
      const reply = await staged;
      if (!reply.ok) throw new BridgeError(reply.error.code, reply.error.message, reply.error.fields);
      return (await inputRefSchema()).parse(reply.value);
    }
    return client.call('stageInputBytes', {
      name: file.name || 'pasted.png',
      mime: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
  }
  const q = new URLSearchParams({ token: webSessionToken() ?? '', name: file.name || 'pasted.png' });
  const res = await fetch(`/upload?${q.toString()}`, {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
  const body: unknown = await res.json().catch(() => null);
  const reply = body as { ok?: boolean; value?: unknown; error?: { message?: string; fields?: unknown } } | null;
  if (!res.ok || !reply?.ok) {
    // No reply to read (a proxy's or the host's bare status): the status, as a code the renderer words.
    if (!reply?.error) throw new BridgeError('invalid_input', `Upload failed (${res.status}).`, { file: 'uploadFailed', status: String(res.status) });
    throw new BridgeError('invalid_input', reply.error.message ?? `Upload failed (${res.status}).`, stringFields(reply.error.fields));
  }
  return (await inputRefSchema()).parse(reply.value);
}
