import { writeFile } from 'node:fs/promises';
import { BridgeError } from '../../shared/bridge/result';
import type { DeclaredParent, InspectedFile, Provenance } from '../../shared/domain/library';
import type { Logger } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { embedProvenance, provenanceFor } from '../provenance/provenance';
import type { TaskStore } from '../db/task-store';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import { deriveParents } from './derive-parents';
import { ExportService, type ExportAnswer } from './export-service';
import { importedTaskId } from './import-folder';
import { lineageOf } from './lineage';
import type { LibraryStore } from './library-store';

export interface LibraryServiceDeps {
  store: TaskStore;
  library: LibraryStore;
  profiles: ProfileService;
  log: Logger;
  now: () => number;
  roots: () => { library: string; inputs: string; thumbs: string };
  /** Bound of one export's result bytes (default 2 GiB). */
  exportMaxBytes?: number;
}

/** What the task engine calls around submissions and downloads (lineage, boards, provenance). */
export interface LibraryHooks {
  submitted(
    record: TaskRecord,
    req: { values: Record<string, unknown>; boardId?: string | null; parents?: DeclaredParent[] },
  ): void;
  finalizing(task: TaskRecord, index: number, tempPath: string, payloadSha256: string | null): Promise<void>;
  finalized(task: TaskRecord, index: number, finalPath: string): Promise<void>;
}

/** Lineage, boards, export and provenance: the library side of core. */
export class LibraryService implements LibraryHooks {
  /** Board exports (one at a time, bounded, uniquely named). */
  readonly exports: ExportService;

  constructor(private readonly deps: LibraryServiceDeps) {
    this.exports = new ExportService({
      store: deps.store,
      roots: deps.roots,
      now: deps.now,
      parentsOf: (id) => deps.library.parentsOf(id).map((p) => ({ taskId: p.parentId, kind: p.kind })),
      ...(deps.exportMaxBytes !== undefined ? { maxBytes: deps.exportMaxBytes } : {}),
    });
  }

  /** A ZIP exported in this run (the media route serves exactly these from `exports/`). */
  madeExport(rel: string): boolean {
    return this.exports.madeExport(rel);
  }

  submitted(
    record: TaskRecord,
    req: { values: Record<string, unknown>; boardId?: string | null; parents?: DeclaredParent[] },
  ): void {
    try {
      const parents = deriveParents(
        record.operationId,
        req.values,
        req.parents ?? [],
        this.deps.library,
      ).filter((p) => p.parentId !== record.id);
      if (parents.length) this.deps.library.setParents(record.id, parents);
      if (req.boardId && this.deps.library.hasBoard(req.boardId))
        this.deps.library.moveTasks([record.id], req.boardId);
    } catch (e) {
      // Lineage is a record of the past, never a reason to refuse a submission.
      this.deps.log.warn('could not record lineage', {
        id: record.id,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }

  private async settings(task: TaskRecord): Promise<{ embed: boolean; sidecar: boolean }> {
    const p = await this.deps.profiles.get(task.profileId).catch(() => null);
    return p?.provenance ?? { embed: true, sidecar: false };
  }

  private provenance(task: TaskRecord, index: number, sha: string | null) {
    const parents = this.deps.library.parentsOf(task.id).map((p) => ({ taskId: p.parentId, kind: p.kind }));
    return provenanceFor(task, index, sha, parents);
  }

  /** After the verified download, before the atomic move: writes how the file was made into it. */
  async finalizing(
    task: TaskRecord,
    index: number,
    tempPath: string,
    payloadSha256: string | null,
  ): Promise<void> {
    if (!(await this.settings(task)).embed) return;
    try {
      await embedProvenance(tempPath, this.provenance(task, index, payloadSha256));
    } catch (e) {
      // The verified payload is intact (writers work on a copy); the result lands without metadata.
      this.deps.log.warn('could not embed provenance', {
        id: task.id,
        index,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }

  /** After the move: the optional sidecar `<file>.json`. */
  async finalized(task: TaskRecord, index: number, finalPath: string): Promise<void> {
    if (!(await this.settings(task)).sidecar) return;
    const sha = task.results[index]?.sha256 ?? null;
    await writeFile(`${finalPath}.json`, JSON.stringify(this.provenance(task, index, sha), null, 2)).catch(
      (e: unknown) =>
        this.deps.log.warn('could not write sidecar', {
          id: task.id,
          error: e instanceof Error ? e.message : String(e),
        }),
    );
  }

  lineage(id: string) {
    if (!this.deps.store.get(id)) throw new BridgeError('not_found', 'This task no longer exists.');
    return lineageOf(id, this.deps.library, (x) => {
      const r = this.deps.store.get(x);
      return r ? toSummary(r) : null;
    });
  }

  /** What the library knows about a file's embedded settings (read by inputs/inspect-input.ts). */
  inspect(provenance: Provenance | null): InspectedFile {
    if (!provenance) return { provenance: null, task: null, note: 'This file carries no Atelier settings.' };
    // A task made here keeps its id; an imported one has an id of our own, derived from the file's.
    const task = this.deps.store.get(provenance.taskId) ?? this.deps.store.get(importedTaskId(provenance));
    return { provenance, task: task ? toSummary(task) : null, note: null };
  }

  export(ids: readonly string[]): Promise<ExportAnswer> {
    return this.exports.export(ids);
  }
}
