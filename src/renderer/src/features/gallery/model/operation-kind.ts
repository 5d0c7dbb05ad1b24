import { OPERATIONS } from '../../../../../shared/operations/catalog';
import type { OperationId } from '../../../../../shared/operations/ids';

const OUTPUT = new Map<string, 'image' | 'video'>(OPERATIONS.map((op) => [op.id, op.output]));

/** What an operation produces; a stored operation this build does not know counts as video (the slow kind). */
export const outputOf = (id: OperationId | string): 'image' | 'video' => OUTPUT.get(id) ?? 'video';

export const isKnownOperation = (id: string): id is OperationId => OUTPUT.has(id);
