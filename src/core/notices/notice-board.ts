import { basename } from 'node:path';
import type { Notice, NoticeKind } from '../../shared/domain/notice';
import type { CorruptFileReport } from '../storage/json-file';
import type { OpenRecovery } from '../db/open-or-recover';

/** The notices of this core, in memory (they describe this run), pushed to the renderer on every change. */
export class NoticeBoard {
  private readonly notices = new Map<string, Notice>();

  constructor(
    private readonly emit: (all: Notice[]) => void,
    private readonly now: () => number,
  ) {}

  list(): Notice[] {
    return [...this.notices.values()];
  }

  /** Raises (or keeps) the notice with this id: raising an existing id again changes nothing (shown once). */
  raise(id: string, kind: NoticeKind, message: string, params: Record<string, string> = {}): void {
    if (this.notices.has(id)) return;
    this.notices.set(id, { id, kind, message, params, at: this.now() });
    this.emit(this.list());
  }

  clear(id: string): void {
    if (this.notices.delete(id)) this.emit(this.list());
  }

  dismiss(id: string): void {
    this.clear(id);
  }

  has(id: string): boolean {
    return this.notices.has(id);
  }

  fromRecovery(r: OpenRecovery): void {
    if (r.kind === 'history-recovered')
      this.raise(
        `db:${r.savedAs}`,
        r.kind,
        `The task history could not be read (${r.reason}). It was kept as ${r.savedAs} and a fresh history was started.`,
        {
          savedAs: r.savedAs,
          reason: r.reason,
        },
      );
    else
      this.raise(
        `wal:${r.savedAs}`,
        r.kind,
        `The task history's journal could not be read (${r.reason}); its latest changes were lost. The journal was kept as ${r.savedAs}.`,
        {
          savedAs: r.savedAs,
          reason: r.reason,
        },
      );
  }

  fromCorruptStore(r: CorruptFileReport): void {
    const file = basename(r.path);
    const what = r.entries
      ? `these entries could not be read: ${r.entries.join(', ')}`
      : 'it could not be read at all';
    this.raise(
      `json:${r.savedAs}`,
      'store-unreadable',
      `${file}: ${what}. The file was kept as ${r.savedAs}.`,
      {
        file,
        savedAs: r.savedAs,
        entries: r.entries?.join(', ') ?? '',
      },
    );
  }
}
