import type { InputRef } from '../../shared/domain/task';
import { mediaValueSchema, subjectSchema } from '../../shared/operations/media';
import type { Values } from '../../shared/operations/fields';

/** Every staged input file a form's values refer to (media, media lists, masks, subjects). */
export function collectInputs(values: Values): InputRef[] {
  const out = new Map<string, InputRef>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    const media = mediaValueSchema.safeParse(v);
    if (media.success) {
      if (media.data.kind === 'file') out.set(media.data.input.id, media.data.input);
      return;
    }
    const subject = subjectSchema.safeParse(v);
    if (subject.success && subject.data.kind !== 'element') visit(subject.data.media);
  };
  Object.values(values).forEach(visit);
  return [...out.values()];
}
