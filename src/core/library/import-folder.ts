import { mimeFromName } from '../inputs/mime';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import type { Provenance } from '../../shared/domain/library';
import { getOperation } from '../../shared/operations/catalog';
import type { TaskStore } from '../db/task-store';
import { moveIntoLibrary } from '../downloads/finalize';
import { newTaskRecord, withEvent } from '../engine/record-factory';
import { readProvenance } from '../provenance/provenance';

/** The files an import looks at (their media type comes from core's one table, inputs/mime.ts). */
const MEDIA = new Set(['.png', '.jpg', '.jpeg', '.webp', '.mp4', '.mov', '.m4v']);
const SLICE = 2 * 1024 * 1024;
const MAX_FILES = 5000;
const MAX_DEPTH = 4;

/** The first and last 2 MiB of a file: where every Atelier writer puts its metadata. */
async function headAndTail(path: string): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    if (size <= 2 * SLICE) {
      const all = Buffer.alloc(size);
      await fh.read(all, 0, size, 0);
      return all;
    }
    const head = Buffer.alloc(SLICE);
    const tail = Buffer.alloc(SLICE);
    await fh.read(head, 0, SLICE, 0);
    await fh.read(tail, 0, SLICE, size - SLICE);
    return Buffer.concat([head, tail]);
  } finally {
    await fh.close();
  }
}

async function* mediaFiles(dir: string, depth = 0): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < MAX_DEPTH) yield* mediaFiles(path, depth + 1);
    else if (e.isFile() && MEDIA.has(extname(e.name).toLowerCase())) yield path;
  }
}

export interface ImportOutcome {
  scanned: number;
  /** Files carrying Atelier settings. */
  found: number;
  /** New tasks added to this library (copied into `imported/`). */
  imported: number;
  /** Files whose task is already here. */
  known: number;
}

/**
 * "Import folder": indexes every Atelier-made image or video under `dir` into this library. A file whose
 * task is not here yet is copied into the library's `imported/` folder and becomes a finished task with
 * the embedded settings, so it shows in the gallery and in search; the originals are never touched.
 */
export async function importFolder(
  dir: string,
  deps: { store: TaskStore; libraryDir: string; now: () => number },
): Promise<ImportOutcome> {
  const out: ImportOutcome = { scanned: 0, found: 0, imported: 0, known: 0 };
  if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
  const seen = new Set<string>();
  for await (const path of mediaFiles(dir)) {
    if (++out.scanned > MAX_FILES) break;
    const inLibrary = relative(deps.libraryDir, path);
    if (!inLibrary.startsWith('..') && !isAbsolute(inLibrary)) continue; // already in the library
    const p = await headAndTail(path)
      .then(readProvenance)
      .catch(() => null);
    if (!p) continue;
    out.found++;
    const key = `${p.taskId}#${p.resultIndex}`;
    if (deps.store.get(p.taskId) || seen.has(key)) {
      out.known++;
      continue;
    }
    seen.add(key);
    const mime = MEDIA.has(extname(path).toLowerCase()) ? mimeFromName(path) : null;
    await mkdir(deps.libraryDir, { recursive: true });
    const temp = join(deps.libraryDir, `.import-${randomUUID()}.part`);
    await copyFile(path, temp);
    const finalPath = await moveIntoLibrary(
      temp,
      join(deps.libraryDir, 'imported'),
      path.split(/[\\/]/).pop() ?? 'imported',
    );
    deps.store.insert(
      recordFor(
        p,
        relative(deps.libraryDir, finalPath).split('\\').join('/'),
        mime,
        (await stat(finalPath)).size,
        deps.now(),
      ),
    );
    out.imported++;
  }
  return out;
}

function recordFor(p: Provenance, file: string, mime: string | null, size: number, now: number) {
  const op = getOperation(p.operationId);
  const base = newTaskRecord({
    id: p.taskId,
    op,
    values: p.values,
    extra: p.extra,
    profileId: 'imported',
    demo: false,
    now: p.createdAt ?? now,
    baseUrl: '',
    vendor: '',
    submitPath: '',
    callbackToken: null,
    expectedMs: null,
  });
  return {
    ...base,
    model: p.model || base.model,
    prompt: p.prompt,
    status: 'succeeded' as const,
    remoteId: p.remoteId,
    points: p.points,
    submittedAt: p.createdAt,
    finishedAt: p.finishedAt ?? now,
    updatedAt: now,
    results: [
      {
        index: 0,
        kind: op.output,
        remoteUrl: null,
        file,
        mime,
        bytesReceived: size,
        bytesTotal: size,
        sha256: p.payloadSha256,
        thumbnail: null,
        state: 'done' as const,
        error: null,
      },
    ],
    events: withEvent(base, 'imported from a file', now),
  };
}
