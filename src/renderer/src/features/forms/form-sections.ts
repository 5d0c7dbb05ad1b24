import type { FieldDef } from '../../../../shared/operations/fields';

export type Section = 'model' | 'prompt' | 'inputs' | 'settings' | 'advanced';
export const BODY_SECTIONS: readonly Exclude<Section, 'model'>[] = ['prompt', 'inputs', 'settings', 'advanced'];

/**
 * Where a field goes: the model in the footer, the prompt first and large, references next, then the
 * settings; catalog "advanced" fields wait in the collapsed Advanced section with the extra fields.
 */
export function sectionOf(field: FieldDef): Section {
  if (field.type === 'model') return 'model';
  if (field.advanced) return 'advanced';
  if (field.type === 'text' && field.name === 'prompt') return 'prompt';
  if (field.type === 'media' || field.type === 'mediaList' || field.type === 'mask' || field.type === 'subjects') return 'inputs';
  if (field.type === 'text' && field.pickVideoTask) return 'inputs';
  if (field.type === 'select' && field.name === 'inputKind') return 'inputs';
  return 'settings';
}
