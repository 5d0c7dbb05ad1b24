import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';
import type { TaskRecord } from '../tasks/task-record';

/** One row of the export manifest: one result file of one task. */
export interface ManifestEntry {
  file: string;
  taskId: string;
  remoteId: string | null;
  resultIndex: number;
  operationId: string;
  model: string;
  prompt: string;
  parameters: Record<string, unknown>;
  points: number | null;
  createdAt: string;
  sha256: string | null;
  parents: { taskId: string; kind: string }[];
}

const CSV_COLUMNS = [
  'file',
  'taskId',
  'remoteId',
  'resultIndex',
  'operationId',
  'model',
  'prompt',
  'parameters',
  'points',
  'createdAt',
  'sha256',
  'parents',
] as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading =+-@ is neutralised for spreadsheets. */
export function csvField(v: unknown): string {
  let s =
    v === null || v === undefined
      ? ''
      : typeof v === 'string'
        ? v
        : typeof v === 'number'
          ? String(v)
          : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function manifestCsv(entries: readonly ManifestEntry[]): string {
  const rows = entries.map((e) =>
    CSV_COLUMNS.map((c) =>
      csvField(c === 'parents' ? e.parents.map((p) => `${p.kind}:${p.taskId}`).join(' ') : e[c]),
    ).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/**
 * Writes a ZIP of the chosen tasks' downloaded results (stored, not recompressed: media is compressed
 * already) plus manifest.json and manifest.csv, streaming each file so large videos never sit in memory.
 * Written to a `.part` file and renamed when complete.
 */
export async function writeExportZip(
  target: string,
  tasks: readonly TaskRecord[],
  filePath: (task: TaskRecord, index: number) => string | null,
  parentsOf: (taskId: string) => { taskId: string; kind: string }[],
): Promise<{ files: number; entries: ManifestEntry[] }> {
  await mkdir(join(target, '..'), { recursive: true });
  const part = `${target}.part`;
  const out = createWriteStream(part);
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  let done!: () => void;
  let fail!: (e: unknown) => void;
  const finished = new Promise<void>((res, rej) => {
    done = res;
    fail = rej;
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) return fail(err);
    out.write(chunk);
    if (final) out.end(() => done());
  });
  const entries: ManifestEntry[] = [];
  const used = new Set<string>();
  const unique = (name: string): string => {
    let n = 1;
    let candidate = name;
    while (used.has(candidate)) candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${++n})${ext}`);
    used.add(candidate);
    return candidate;
  };
  try {
    for (const task of tasks) {
      for (const r of task.results) {
        const path = r.state === 'done' ? filePath(task, r.index) : null;
        if (!path) continue;
        const name = unique(`results/${basename(path)}`);
        const entry = new ZipPassThrough(name);
        zip.add(entry);
        await new Promise<void>((resolve, reject) => {
          const rs = createReadStream(path);
          rs.on('data', (c) => {
            entry.push(
              typeof c === 'string' ? Buffer.from(c) : new Uint8Array(c.buffer, c.byteOffset, c.byteLength),
            );
            if (out.writableNeedDrain) {
              rs.pause();
              out.once('drain', () => rs.resume());
            }
          });
          rs.on('end', () => {
            entry.push(new Uint8Array(0), true);
            resolve();
          });
          rs.on('error', reject);
        });
        entries.push({
          file: name,
          taskId: task.id,
          remoteId: task.remoteId,
          resultIndex: r.index,
          operationId: task.operationId,
          model: task.model,
          prompt: task.prompt,
          parameters: task.values,
          points: task.points,
          createdAt: new Date(task.createdAt).toISOString(),
          sha256: r.sha256,
          parents: parentsOf(task.id),
        });
      }
    }
    const text = (name: string, s: string) => {
      const e = new ZipPassThrough(name);
      zip.add(e);
      e.push(new TextEncoder().encode(s), true);
    };
    text(
      'manifest.json',
      JSON.stringify({ app: 'Atelier', exportedAt: new Date().toISOString(), files: entries }, null, 2),
    );
    text('manifest.csv', manifestCsv(entries));
    zip.end();
    await Promise.race([finished, failed]);
    await rename(part, target);
    return { files: entries.length, entries };
  } catch (e) {
    zip.terminate();
    out.destroy();
    await rm(part, { force: true });
    throw e;
  }
}
