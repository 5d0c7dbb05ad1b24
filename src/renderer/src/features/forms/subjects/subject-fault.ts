import { getOperation } from '../../../../../shared/operations/catalog';
import type { Values } from '../../../../../shared/operations/fields';
import type { OperationId } from '../../../../../shared/operations/ids';
import { validateValues } from '../../../../../shared/operations/validate';

/** The id of the subject the form's subjects issue names (bad, duplicate, without media, unused), if any. */
export function subjectAtFault(op: OperationId, values: Values): string | null {
  const issue = validateValues(getOperation(op), values).subjects;
  const id = issue?.params?.id;
  return typeof id === 'string' ? id : null;
}
