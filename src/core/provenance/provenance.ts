import { closeSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Provenance } from '../../shared/domain/library';
import type { TaskRecord } from '../tasks/task-record';
import { isJpeg, isWebp, withJpegXmp, withWebpXmp } from './jpeg-webp';
import { appendXmpBox, isIsoMedia } from './mp4';
import { isPng, readPngText, withPngText } from './png';
import { DamagedSettingsError, SETTINGS_LIMITS } from './damaged';
import { firstSettings, parseSettingsJson, parseSettingsXmp } from './settings-text';
import { PROVENANCE_CLOSE, PROVENANCE_OPEN, xmpPacket } from './xmp';

export { DamagedSettingsError, isDamagedSettings, type DamageReason } from './damaged';

/** A value as it goes into a file: staged inputs by name and hash, results by task, never signed URLs. */
function portable(v: unknown, depth = 0): unknown {
  if (depth > 6 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => portable(x, depth + 1));
  const o = v as Record<string, unknown>;
  if (o.kind === 'result')
    return {
      kind: 'result',
      taskId: o.taskId,
      index: o.index,
      remoteId: o.remoteId ?? null,
      file: o.file ?? null,
      mime: o.mime ?? null,
      remoteUrl: null,
    };
  if (o.kind === 'url' && typeof o.url === 'string' && o.url.startsWith('data:'))
    return { kind: 'url', url: 'data:(omitted)' };
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, portable(x, depth + 1)]));
}

/** How result `index` of `task` was made, as written into its file. */
export function provenanceFor(
  task: TaskRecord,
  index: number,
  payloadSha256: string | null,
  parents: { taskId: string; kind: Provenance['parents'][number]['kind'] }[],
): Provenance {
  const neg = task.values.negative_prompt ?? task.values.negativePrompt;
  return {
    app: 'Atelier',
    version: 1,
    taskId: task.id,
    remoteId: task.remoteId,
    operationId: task.operationId,
    model: task.model,
    prompt: task.prompt,
    negativePrompt: typeof neg === 'string' && neg ? neg : null,
    values: portable(task.values) as Record<string, unknown>,
    extra: task.extra,
    points: task.points,
    createdAt: task.createdAt,
    finishedAt: task.finishedAt,
    resultIndex: index,
    payloadSha256,
    inputs: task.inputs.map((i) => ({ name: i.name, sha256: i.id.split('.')[0] ?? i.id })),
    parents,
  };
}

export type EmbeddedFormat = 'png' | 'jpeg' | 'webp' | 'mp4';

/**
 * Writes the provenance into the file at `path` (the verified temp file in core's data folder, before it
 * moves into the library). Images are rewritten through a sibling temp file renamed over (all-or-nothing);
 * MP4/MOV get an XMP box appended in place (all-or-nothing too: a failed write truncates back, so no copy of
 * the video is made). Returns the format written, or null for a file type Atelier does not annotate.
 *
 * The image path reads and writes synchronously: the file is local, in the page cache and a few MB (the
 * download wrote it the same way a moment ago), and a round trip through the thread pool per step cost more
 * CPU than the copy itself. Nothing is fsynced here: the move into the library syncs the file it moves.
 */
export async function embedProvenance(path: string, p: Provenance): Promise<EmbeddedFormat | null> {
  const json = JSON.stringify(p);
  const fd = openSync(path, 'r');
  let image: Buffer;
  let format: EmbeddedFormat;
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    if (isPng(head)) format = 'png';
    else if (isJpeg(head)) format = 'jpeg';
    else if (isWebp(head)) format = 'webp';
    else if (isIsoMedia(head)) format = 'mp4';
    else return null;
    image = format === 'mp4' ? Buffer.alloc(0) : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
  if (format === 'mp4') {
    const fh = await open(path, 'r+');
    try {
      await appendXmpBox(fh, xmpPacket(json, p.prompt));
    } finally {
      await fh.close();
    }
    return 'mp4';
  }
  const next =
    format === 'png'
      ? withPngText(image, json)
      : format === 'jpeg'
        ? withJpegXmp(image, xmpPacket(json, p.prompt))
        : withWebpXmp(image, xmpPacket(json, p.prompt));
  const tmp = `${path}.meta`;
  try {
    writeFileSync(tmp, next);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return format;
}

/**
 * Reads Atelier provenance from bytes: a whole small file or a slice of one (the import scan reads the
 * first and last megabytes), found by its markers (PNG iTXt, or an XMP packet in any format). Bounded like
 * {@link readSettings}: throws {@link DamagedSettingsError} for settings over a bound, null when none.
 */
export function readProvenance(bytes: Uint8Array): Provenance | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return firstSettings([
    () => {
      const text = readPngText(buf);
      return text === null ? null : parseSettingsJson(text);
    },
    () => {
      const open = buf.lastIndexOf(PROVENANCE_OPEN);
      if (open < 0) return null;
      const close = buf.indexOf(PROVENANCE_CLOSE, open);
      if (close < open) return null;
      if (close - open > SETTINGS_LIMITS.maxBytes) throw new DamagedSettingsError('too-large');
      return parseSettingsXmp(buf.toString('utf8', open, close + PROVENANCE_CLOSE.length));
    },
  ]);
}
