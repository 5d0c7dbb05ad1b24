import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeJsonFile } from '../storage/json-file';
import type { Logger } from '../ports';

const cursorSchema = z.object({ lastSeq: z.number().int().nonnegative() });

/** How long an advance waits for the next before the file is written (the feed advances on every pull). */
export const CURSOR_WRITE_MS = 1_000;

/**
 * Where the change feed resumes after a restart: the last change-log sequence applied to the local cache, in a
 * small file. A watching machine's feed advances on every pull, several times a second in a busy studio; the
 * file is written at most once per `writeMs` (and at `flush`, on stop), atomically, off the pull. A crash loses
 * at most that much of the cursor: those rows are pulled and applied again, which changes nothing (each row
 * is a task's current state). A write that fails (a full disk) is logged and tried at the next advance; it
 * never stops the feed. A missing or unreadable file starts from 0: the whole ledger is pulled again.
 */
export class FeedCursor {
  private pending: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string | undefined,
    private readonly log: Logger,
    private readonly writeMs = CURSOR_WRITE_MS,
  ) {}

  read(): number {
    if (!this.file) return 0;
    try {
      return cursorSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).lastSeq;
    } catch {
      return 0;
    }
  }

  advance(seq: number): void {
    if (!this.file) return;
    this.pending = seq;
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.writeMs);
    this.timer.unref?.();
  }

  /** Writes the newest sequence now, if one waits. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.file || this.pending === null) return;
    try {
      writeJsonFile(this.file, { lastSeq: this.pending });
      this.pending = null;
    } catch (e) {
      this.log.warn('team: where the change feed resumes could not be saved', { error: e instanceof Error ? e.message : String(e) });
    }
  }
}
