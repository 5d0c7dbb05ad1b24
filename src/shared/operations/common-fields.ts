import type { FieldDef } from './fields';

type TextField = Extract<FieldDef, { type: 'text' }>;

export const promptField = (opts: { required?: boolean; maxLength?: number; label?: string; placeholder?: string } = {}): TextField => ({
  type: 'text',
  name: 'prompt',
  label: opts.label ?? 'Prompt',
  multiline: true,
  required: opts.required ?? true,
  maxLength: opts.maxLength ?? 2500,
  placeholder: opts.placeholder ?? 'Describe what you want to see…',
});

export const negativePromptField: FieldDef = {
  type: 'text',
  name: 'negative_prompt',
  label: 'Negative prompt',
  help: 'What to keep out of the result.',
  multiline: true,
  maxLength: 2500,
  advanced: true,
};

export const aspectRatioField = (defaultValue = '16:9'): FieldDef => ({
  type: 'aspectRatio',
  name: 'aspect_ratio',
  label: 'Aspect ratio',
  presets: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  default: defaultValue,
});

export const durationField = (min = 3, max = 15, def = 5): FieldDef => ({
  type: 'number',
  name: 'duration',
  label: 'Duration',
  unit: 's',
  min,
  max,
  step: 1,
  integer: true,
  default: def,
});

export const modeField: FieldDef = {
  type: 'select',
  name: 'mode',
  label: 'Quality mode',
  options: [
    { value: 'std', label: 'Standard' },
    { value: 'pro', label: 'Pro' },
  ],
  default: 'std',
};

/** Copies the listed fields from values into a JSON body, skipping empty ones. */
export function pick(values: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) {
    const v = values[n];
    if (v === undefined || v === null || v === '') continue;
    out[n] = v;
  }
  return out;
}
