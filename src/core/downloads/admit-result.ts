import { open, rm } from 'node:fs/promises';
import { SNIFF_BYTES, sniffMedia, type Sniffed } from '../inputs/sniff';
import { NotMediaError } from './errors';

/** A few words for what a refused file looks like, for the task's plain reason. */
export function describeForeign(head: Uint8Array): string {
  if (head.length === 0) return 'an empty file';
  const text = Buffer.from(head).toString('latin1');
  if (text.startsWith('#!')) return 'a script';
  if (text.startsWith('PK\u0003\u0004')) return 'a ZIP archive';
  if (text.startsWith('MZ') || text.startsWith('\u007fELF')) return 'a program';
  const trimmed = text.replace(/^\uFEFF|^ï»¿/, '').trimStart();
  if (trimmed.startsWith('<')) return 'HTML or XML text';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'JSON text';
  // Printable ASCII and whitespace only: some text.
  if ([...head].every((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127))) return 'text';
  return 'data of an unknown type';
}

async function readHead(path: string): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Decides whether a finished result file may enter the library: its magic bytes must say image, video or
 * audio of a type Atelier knows, by the same sniffer that admits staged inputs (`inputs/sniff.ts`). The
 * URL and the server's Content-Type are never trusted for this, nor for the extension: the answer's
 * `mime` names the type the file is stored as. `knownHead` is the file's start as the download wrote it
 * (see `DownloadOutcome.head`): the file is not opened again then.
 *
 * @throws {NotMediaError} for anything else, after deleting the file (no part file is left to resume).
 */
export async function admitResult(path: string, knownHead?: Uint8Array): Promise<Sniffed> {
  const head = knownHead ?? (await readHead(path));
  const sniffed = sniffMedia(head);
  if (sniffed) return sniffed;
  await rm(path, { force: true });
  throw new NotMediaError(describeForeign(head));
}
