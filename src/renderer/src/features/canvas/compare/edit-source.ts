import type { TaskDetail } from '../../../../../shared/domain/task';
import { mediaValueSchema, type MediaValue } from '../../../../../shared/operations/media';
import type { OperationId } from '../../../../../shared/operations/ids';

/** Operations whose result is an edit of one source image, and the field that holds that image. */
const SOURCE_FIELD: Partial<Record<OperationId, string>> = {
  'imageEdit.edit': 'images',
  'vendor.expand': 'image',
};

export const isEditOperation = (id: OperationId): boolean => id in SOURCE_FIELD;

/**
 * The source image of an edit task, from the values it was submitted with (a list field gives its first
 * image: a multi-image composition compares against the main picture). Null when the task is not an edit
 * or the value cannot be parsed (an old or hand-edited row): the lightbox then shows the result alone.
 */
export function editSourceOf(
  detail: Pick<TaskDetail, 'operationId' | 'values'> | undefined,
): MediaValue | null {
  if (!detail) return null;
  const field = SOURCE_FIELD[detail.operationId];
  if (!field) return null;
  const raw = detail.values[field];
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  const parsed = mediaValueSchema.safeParse(first);
  return parsed.success ? parsed.data : null;
}
