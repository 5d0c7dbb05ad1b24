import type { DeclaredParent } from '../../shared/domain/library';
import { mediaValueSchema } from '../../shared/operations/media';
import type { OperationId } from '../../shared/operations/ids';
import type { LibraryStore, ParentRow } from './library-store';

type Parent = Omit<ParentRow, 'taskId'>;

/** Fields whose source task is the one being edited or extended (not merely an input). */
const EDITS: Partial<Record<OperationId, string>> = { 'unifiedVideo.generate': 'video' };

/**
 * The parents of a task about to be submitted, read from its values: gallery results used as inputs
 * ('input', or 'edits' for a video being edited), staged frames that remember their video ('frame'), the
 * source of a video extension by its gateway id ('extends'); then the parents the renderer declared
 * (e.g. 'reruns'). Duplicates (same parent, kind and index) are kept once.
 */
export function deriveParents(
  operationId: OperationId,
  values: Record<string, unknown>,
  declared: readonly DeclaredParent[],
  library: LibraryStore,
): Parent[] {
  const out: Parent[] = [];
  const seen = new Set<string>();
  const add = (p: Parent) => {
    const key = `${p.parentId}|${p.kind}|${p.index ?? ''}|${p.frameMs ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  };
  const visit = (field: string, v: unknown, depth: number): void => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const item of v) visit(field, item, depth + 1);
      return;
    }
    const media = mediaValueSchema.safeParse(v);
    if (media.success) {
      const m = media.data;
      if (m.kind === 'result')
        add({
          parentId: m.taskId,
          kind: EDITS[operationId] === field ? 'edits' : 'input',
          index: m.index,
          frameMs: null,
          field,
        });
      else if (m.kind === 'file') {
        const origin = library.originOf(m.input.id);
        if (origin)
          add({ parentId: origin.taskId, kind: 'frame', index: origin.index, frameMs: origin.timeMs, field });
      }
      return;
    }
    // Subjects and other structured values hold media one level down.
    for (const inner of Object.values(v)) visit(field, inner, depth + 1);
  };
  for (const [field, v] of Object.entries(values)) visit(field, v, 0);
  if (operationId === 'vendor.extend' && typeof values.video_id === 'string' && values.video_id.trim()) {
    const source = library.taskByRemoteId(values.video_id.trim());
    if (source) add({ parentId: source, kind: 'extends', index: null, frameMs: null, field: 'video_id' });
  }
  for (const d of declared)
    add({ parentId: d.taskId, kind: d.kind, index: d.index, frameMs: null, field: null });
  return out;
}
