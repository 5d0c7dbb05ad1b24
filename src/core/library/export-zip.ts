import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
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

/**
 * What a spreadsheet may take for the start of a formula: `=+-@` and their fullwidth forms (`＝＋－＠`, which
 * some spreadsheets fold to ASCII), even after leading whitespace or line breaks (`\n=`, ` =`), and a
 * leading tab or carriage return (OWASP "CSV injection").
 */
const FORMULA_START = /^(?:[\s\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/u;

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a formula start is neutralised for spreadsheets. */
export function csvField(v: unknown): string {
  let s =
    v === null || v === undefined
      ? ''
      : typeof v === 'string'
        ? v
        : typeof v === 'number'
          ? String(v)
          : JSON.stringify(v);
  if (FORMULA_START.test(s)) s = `'${s}`;
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

/** One result file chosen for an export (see `planExport`). */
export interface ExportItem {
  task: TaskRecord;
  index: number;
  path: string;
}

/**
 * Writes a ZIP of the chosen results (stored, not recompressed: media is compressed already) plus
 * manifest.json and manifest.csv, streaming each file so large videos never sit in memory. Written to its
 * own `<target>.part` (created exclusively: two exports never share one) and renamed when complete; on any
 * failure the part file is removed.
 */
export async function writeExportZip(
  target: string,
  items: readonly ExportItem[],
  parentsOf: (taskId: string) => { taskId: string; kind: string }[],
): Promise<{ files: number; entries: ManifestEntry[] }> {
  await mkdir(dirname(target), { recursive: true });
  const part = `${target}.part`;
  const out = createWriteStream(part, { flags: 'wx' });
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve());
    out.once('error', reject);
  });
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
    for (const { task, index, path } of items) {
      const r = task.results.find((x) => x.index === index);
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
        resultIndex: index,
        operationId: task.operationId,
        model: task.model,
        prompt: task.prompt,
        parameters: task.values,
        points: task.points,
        createdAt: new Date(task.createdAt).toISOString(),
        sha256: r?.sha256 ?? null,
        parents: parentsOf(task.id),
      });
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
