import { getOperation } from '../../../../../shared/operations/catalog';
import type { Values } from '../../../../../shared/operations/fields';
import type { OperationId } from '../../../../../shared/operations/ids';
import { mediaValueSchema, subjectSchema } from '../../../../../shared/operations/media';
import { isVisible } from '../../../../../shared/operations/validate';

/**
 * The one field of a form that explains how a local file travels to an endpoint that takes links:
 * the first visible link field holding a local file. A link or a gallery result needs no word, and the
 * explanation is said once per form, not under every field.
 */
export function linkNoteField(op: OperationId, values: Values): string | null {
  const isFile = (v: unknown) => {
    const parsed = mediaValueSchema.safeParse(v);
    return parsed.success && parsed.data.kind === 'file';
  };
  for (const field of getOperation(op).fields) {
    if (!isVisible(field, values)) continue;
    if (field.type === 'media' && field.urlField && isFile(values[field.name])) return field.name;
    if (field.type === 'subjects' && Array.isArray(values[field.name])) {
      // Subject cards name their media fields `subject-<index>` (see SubjectsField).
      const i = (values[field.name] as unknown[]).findIndex((s) => {
        const parsed = subjectSchema.safeParse(s);
        return parsed.success && parsed.data.kind !== 'element' && isFile(parsed.data.media);
      });
      if (i >= 0) return `subject-${i}`;
    }
  }
  return null;
}
