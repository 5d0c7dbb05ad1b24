import { createHash, randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { basename, extname, isAbsolute, join, relative } from 'node:path';
import type { Provenance } from '../../shared/domain/library';
import { getOperation } from '../../shared/operations/catalog';
import type { TaskStore } from '../db/task-store';
import { describeForeign } from '../downloads/admit-result';
import { moveIntoLibrary } from '../downloads/finalize';
import { newTaskRecord, withEvent } from '../engine/record-factory';
import { SNIFF_BYTES, sniffMedia, type Sniffed } from '../inputs/sniff';
import { PNG_KEYWORD } from '../provenance/png';
import { readProvenance } from '../provenance/provenance';
import { PROVENANCE_OPEN } from '../provenance/xmp';

/** Names worth opening (a cheap first filter: the bytes decide, see `sniffMedia`). */
const MEDIA_NAMES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.mp4', '.mov', '.m4v']);
const SLICE = 2 * 1024 * 1024;
export const MAX_IMPORT_FILES = 5000;
const MAX_DEPTH = 4;
/** Skipped files listed by name in the answer (the count covers all of them). */
const MAX_LISTED = 50;

/** A regular file opened for reading, with its first and last 2 MiB: where every Atelier writer puts its metadata. */
export interface OpenedFile {
  fh: FileHandle;
  size: number;
  ends: Buffer;
}

/**
 * Opens `path` without ever blocking on it: non-blocking (a FIFO swapped in after the listing would
 * otherwise hang the open forever), not through a symlink, then checked with fstat to be a regular file
 * before a byte is read. The caller closes `fh`.
 */
export async function readEnds(path: string): Promise<OpenedFile> {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
  const fh = await open(path, flags);
  try {
    const info = await fh.stat();
    if (!info.isFile()) throw new Error('not a regular file');
    const size = info.size;
    let ends: Buffer;
    if (size <= 2 * SLICE) {
      ends = Buffer.alloc(size);
      await fh.read(ends, 0, size, 0);
    } else {
      ends = Buffer.alloc(2 * SLICE);
      await fh.read(ends, 0, SLICE, 0);
      await fh.read(ends, SLICE, SLICE, size - SLICE);
    }
    return { fh, size, ends };
  } catch (e) {
    await fh.close();
    throw e;
  }
}

async function* mediaFiles(dir: string, depth = 0): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // In name order, so a folder imports the same way every time.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < MAX_DEPTH) yield* mediaFiles(path, depth + 1);
    else if (e.isFile() && MEDIA_NAMES.has(extname(e.name).toLowerCase())) yield path;
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
  /** Files left out, by path, with why (at most 50 listed). */
  skipped: { file: string; reason: string }[];
  /** What the user should know: the file cap was reached, files were skipped; null when all went well. */
  note: string | null;
}

/** The id an imported result gets: ours, fixed-length, derived from where it came from (so a re-import finds it). */
export function importedTaskId(p: Provenance): string {
  const digest = createHash('sha256').update(`${p.taskId}\0${p.resultIndex}\0${p.payloadSha256 ?? ''}`);
  return `imp-${digest.digest('hex').slice(0, 32)}`;
}

const MARKERS = [Buffer.from(PROVENANCE_OPEN), Buffer.from(`iTXt${PNG_KEYWORD}\0`, 'latin1')];
const carriesMarker = (b: Buffer): boolean => MARKERS.some((m) => b.includes(m));
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * "Import folder": indexes every Atelier-made image or video under `dir` into this library. A file whose
 * task is not here yet is copied into the library's `imported/` folder and becomes a finished task with
 * the embedded settings and an id of our own, so it shows in the gallery and in search; the originals are
 * never touched. Files are admitted by their bytes (as staging admits inputs); one bad file is skipped and
 * named, never the end of the import.
 */
export async function importFolder(
  dir: string,
  deps: { store: TaskStore; libraryDir: string; now: () => number },
): Promise<ImportOutcome> {
  const out: ImportOutcome = { scanned: 0, found: 0, imported: 0, known: 0, skipped: [], note: null };
  if (!(await stat(dir)).isDirectory()) throw new Error('not a folder');
  let skippedCount = 0;
  let capped = false;
  const skip = (file: string, reason: string): void => {
    skippedCount++;
    if (out.skipped.length < MAX_LISTED) out.skipped.push({ file, reason });
  };
  const seen = new Set<string>();
  for await (const path of mediaFiles(dir)) {
    if (out.scanned >= MAX_IMPORT_FILES) {
      capped = true;
      break;
    }
    out.scanned++;
    const inLibrary = relative(deps.libraryDir, path);
    if (!inLibrary.startsWith('..') && !isAbsolute(inLibrary)) continue; // already in the library
    let file: OpenedFile;
    try {
      file = await readEnds(path);
    } catch (e) {
      skip(path, `could not be read: ${message(e)}`);
      continue;
    }
    try {
      const sniffed = sniffMedia(file.ends.subarray(0, SNIFF_BYTES));
      if (!sniffed || sniffed.kind === 'audio') {
        if (carriesMarker(file.ends))
          skip(path, `not an image or video (it looks like ${describeForeign(file.ends.subarray(0, SNIFF_BYTES))})`);
        continue;
      }
      let p: Provenance | null;
      try {
        p = readProvenance(file.ends);
      } catch (e) {
        skip(path, `its Atelier settings are damaged: ${message(e)}`);
        continue;
      }
      if (!p) continue;
      out.found++;
      const id = importedTaskId(p);
      if (deps.store.get(p.taskId) || deps.store.get(id) || seen.has(id)) {
        out.known++;
        continue;
      }
      seen.add(id);
      await importOne(file, path, p, id, sniffed, deps);
      out.imported++;
    } catch (e) {
      // A value too deep for the store (or anything else) skips this file only, named with a plain reason.
      skip(
        path,
        e instanceof RangeError ? 'its Atelier settings are damaged (nested too deeply)' : `could not be imported: ${message(e)}`,
      );
    } finally {
      await file.fh.close().catch(() => undefined);
    }
  }
  const notes: string[] = [];
  if (capped)
    notes.push(
      `Import stopped after ${MAX_IMPORT_FILES.toLocaleString('en-US')} files; choose a smaller folder to import the rest.`,
    );
  if (skippedCount > 0)
    notes.push(
      `${skippedCount} file${skippedCount === 1 ? ' was' : 's were'} skipped: ${out.skipped
        .slice(0, 3)
        .map((s) => `${basename(s.file)} (${s.reason})`)
        .join('; ')}${skippedCount > 3 ? '; …' : ''}.`,
    );
  out.note = notes.length ? notes.join(' ') : null;
  return out;
}

/** Copies the opened file (from its handle: never a second open of the path) into `imported/` and records it. */
async function importOne(
  file: OpenedFile,
  path: string,
  p: Provenance,
  id: string,
  sniffed: Sniffed,
  deps: { store: TaskStore; libraryDir: string; now: () => number },
): Promise<void> {
  await mkdir(deps.libraryDir, { recursive: true });
  const temp = join(deps.libraryDir, `.import-${randomUUID()}.part`);
  let finalPath: string | null = null;
  try {
    await pipeline(file.fh.createReadStream({ start: 0, autoClose: false }), createWriteStream(temp, { flags: 'wx' }));
    // No fsync per file: the originals stay where they were, so a power cut costs at most a re-import.
    finalPath = await moveIntoLibrary(temp, join(deps.libraryDir, 'imported'), basename(path), { fsync: false });
    const record = recordFor(
      id,
      p,
      relative(deps.libraryDir, finalPath).split('\\').join('/'),
      sniffed,
      (await stat(finalPath)).size,
      deps.now(),
    );
    deps.store.insert(record);
  } catch (e) {
    await rm(temp, { force: true });
    if (finalPath) await rm(finalPath, { force: true });
    throw e;
  }
}

function recordFor(id: string, p: Provenance, file: string, sniffed: Sniffed, size: number, now: number) {
  const op = getOperation(p.operationId);
  const base = newTaskRecord({
    id,
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
        kind: sniffed.kind === 'video' ? ('video' as const) : ('image' as const),
        remoteUrl: null,
        file,
        mime: sniffed.mime,
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
