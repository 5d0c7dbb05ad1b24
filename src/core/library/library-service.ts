import { errorMessage } from '../../shared/error-message';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import type { DeclaredParent, InspectedFile } from '../../shared/domain/library';
import type { Logger } from '../ports';
import type { ProfileService } from '../profiles/profile-service';
import { embedProvenance, provenanceFor, readProvenance } from '../provenance/provenance';
import type { TaskStore } from '../db/task-store';
import { toSummary, type TaskRecord } from '../tasks/task-record';
import { resultPath } from '../tasks/task-files';
import { deriveParents } from './derive-parents';
import { writeExportZip } from './export-zip';
import { lineageOf } from './lineage';
import type { LibraryStore } from './library-store';

export interface LibraryServiceDeps {
  store: TaskStore;
  library: LibraryStore;
  profiles: ProfileService;
  log: Logger;
  now: () => number;
  roots: () => { library: string; inputs: string; thumbs: string };
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
  /** Library-relative paths of the ZIPs exported in this run (the media route may serve exactly these). */
  private readonly exports = new Set<string>();

  constructor(private readonly deps: LibraryServiceDeps) {}

  madeExport(rel: string): boolean {
    return this.exports.has(rel);
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
        error: errorMessage(e),
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
        error: errorMessage(e),
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
          error: errorMessage(e),
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

  inspect(bytes: Uint8Array): InspectedFile {
    const provenance = readProvenance(bytes);
    if (!provenance) return { provenance: null, task: null, note: 'This file carries no Atelier settings.' };
    const task = this.deps.store.get(provenance.taskId);
    return { provenance, task: task ? toSummary(task) : null, note: null };
  }

  async export(
    ids: readonly string[],
  ): Promise<{ path: string; name: string; files: number; tasks: number; url: string | null }> {
    const tasks = ids.map((id) => this.deps.store.get(id)).filter((t): t is TaskRecord => t !== null);
    if (tasks.length === 0) throw new BridgeError('not_found', 'None of the chosen tasks exist any more.');
    const roots = this.deps.roots();
    const stamp = new Date(this.deps.now()).toISOString().replace(/[:.]/g, '-');
    const name = `atelier-export-${stamp}.zip`;
    const path = join(roots.library, 'exports', name);
    const { files } = await writeExportZip(
      path,
      tasks,
      (t, i) => {
        try {
          return resultPath(t, i, roots);
        } catch {
          return null;
        }
      },
      (id) => this.deps.library.parentsOf(id).map((p) => ({ taskId: p.parentId, kind: p.kind })),
    );
    if (files === 0)
      throw new BridgeError('conflict', 'None of the chosen tasks has a downloaded result to export.');
    const url = relative(roots.library, path).split('\\').join('/');
    this.exports.add(url);
    return { path, name, files, tasks: tasks.length, url };
  }
}
