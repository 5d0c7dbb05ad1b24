import type { MediaKind } from './media';

/** The raw values of a form: field name → value (typed per field kind, checked by `validateValues`). */
export type Values = Record<string, unknown>;

interface FieldBase {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  /** Shown (and validated, and sent) only when this returns true. */
  showWhen?: (values: Values) => boolean;
  /** Advanced fields start collapsed in the form. */
  advanced?: boolean;
}

export interface ModelPreset {
  /** May contain `{vendor}`, filled from the gateway profile. */
  id: string;
  label: string;
}

export type MediaSource = 'file' | 'url' | 'result';

export type FieldDef =
  | (FieldBase & {
      type: 'text';
      multiline?: boolean;
      maxLength?: number;
      default?: string;
      placeholder?: string;
      /** The prompt of subject reference: `<<<id>>>` tokens are offered and checked. */
      subjectPrompt?: boolean;
      /** UI hint: offer a picker of gallery video tasks that fills this field with the task's remote id. */
      pickVideoTask?: boolean;
    })
  | (FieldBase & { type: 'model'; presets: ModelPreset[]; default: string })
  | (FieldBase & { type: 'select'; options: { value: string; label: string }[]; default?: string })
  | (FieldBase & {
      type: 'number';
      min: number;
      max: number;
      step?: number;
      integer?: boolean;
      default?: number;
      unit?: string;
    })
  | (FieldBase & { type: 'size'; presets: string[]; default?: string; allowAuto?: boolean })
  | (FieldBase & { type: 'aspectRatio'; presets: string[]; default?: string })
  | (FieldBase & {
      type: 'media';
      accept: MediaKind;
      sources: MediaSource[];
      /** The endpoint takes a link, not a file: files are sent inline as a data: URL. */
      urlField?: boolean;
      maxBytes?: number;
      /** Allowed length in seconds of an audio or video file (checked once its length is known). */
      durationSec?: { min: number; max: number };
    })
  | (FieldBase & { type: 'mediaList'; accept: MediaKind; min?: number; max: number; maxBytes?: number })
  | (FieldBase & { type: 'mask' })
  | (FieldBase & { type: 'subjects' })
  | (FieldBase & { type: 'boolean'; default?: boolean });

export type FieldType = FieldDef['type'];

export const SIZE_PATTERN = /^(\d{2,5})x(\d{2,5})$/;
/** W:H with whole or decimal sides (2.39:1 is a common cinema ratio). */
export const ASPECT_RATIO_PATTERN = /^(\d{1,4}(?:\.\d{1,3})?):(\d{1,4}(?:\.\d{1,3})?)$/;
/** The widest and tallest custom ratio accepted: 8:1 and 1:8 (beyond that no model makes a useful picture). */
export const ASPECT_RATIO_LIMIT = 8;
export const MB = 1024 * 1024;
