import type { Lineage, LineageLink } from '../../shared/domain/library';
import type { TaskSummary } from '../../shared/domain/task';
import type { LibraryStore, ParentRow } from './library-store';

const MAX_CHAIN = 50;
/** A rerun is a sibling attempt, not a continuation: the chain follows every other kind. */
const continues = (p: ParentRow): boolean => p.kind !== 'reruns';
const firstParent = (library: LibraryStore, id: string) => library.parentsOf(id).find(continues);
const firstChild = (library: LibraryStore, id: string) => library.childrenOf(id).find(continues);

/**
 * "Made from" and "used by" of one task, and the chain through it: first parents upwards, first children
 * downwards (reruns are not followed), oldest first (cycles cannot happen through submit, but a visited set guards anyway).
 */
export function lineageOf(
  id: string,
  library: LibraryStore,
  summary: (id: string) => TaskSummary | null,
): Lineage {
  const link = (other: string, p: ParentRow): LineageLink => ({
    taskId: other,
    kind: p.kind,
    index: p.index,
    frameMs: p.frameMs,
    field: p.field,
    task: summary(other),
  });
  const parents = library.parentsOf(id).map((p) => link(p.parentId, p));
  const children = library.childrenOf(id).map((p) => link(p.taskId, p));
  const seen = new Set([id]);
  const up: TaskSummary[] = [];
  for (
    let cur = firstParent(library, id);
    cur && up.length < MAX_CHAIN && !seen.has(cur.parentId);
    cur = firstParent(library, cur.parentId)
  ) {
    seen.add(cur.parentId);
    const s = summary(cur.parentId);
    if (!s) break;
    up.unshift(s);
  }
  const down: TaskSummary[] = [];
  for (
    let cur = firstChild(library, id);
    cur && down.length < MAX_CHAIN && !seen.has(cur.taskId);
    cur = firstChild(library, cur.taskId)
  ) {
    seen.add(cur.taskId);
    const s = summary(cur.taskId);
    if (!s) break;
    down.push(s);
  }
  const self = summary(id);
  return { parents, children, chain: self ? [...up, self, ...down] : [] };
}
