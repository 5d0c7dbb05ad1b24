import { ASPECT_RATIO_LIMIT, ASPECT_RATIO_PATTERN, SIZE_PATTERN, type FieldDef, type Values } from './fields';
import type { FieldIssue, FieldIssues } from './issues';
import { mediaValueSchema, subjectSchema, type MediaValue } from './media';
import type { OperationDef, RequestContext, WireRequest } from './operation';
import { fillVendor } from './catalog';
import { isProtectedField, protectedNamesIn } from './protected-fields';
import { catalogExtraIssue, catalogNamesIn, notOverriding, withoutCatalogFields } from './extra-fields';
import { isVisible } from './form-values';
import { jsonErrorAt } from './json-error-at';

// Re-exported: they lived here; form-values.ts keeps them zod-free for the renderer's first screen.
export { defaultValues, isVisible } from './form-values';

/** The issue for extra fields that try to set what Atelier computes itself (the callback URL). */
export const protectedExtraIssue = (names: string[]): FieldIssue => ({
  code: 'protectedExtra',
  params: { names: names.join(', ') },
});

/** Longest model id accepted (real ones are a few dozen characters). */
export const MODEL_ID_MAX = 200;

/** Empty: nothing, an empty list, or text that is only whitespace (a blank prompt is no prompt). */
const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function mediaMime(m: MediaValue): string | null {
  if (m.kind === 'file') return m.input.mime;
  if (m.kind === 'result') return m.mime;
  return null;
}

function checkMedia(field: FieldDef & { accept?: string; maxBytes?: number; durationSec?: { min: number; max: number } }, m: MediaValue): FieldIssue | null {
  const mime = mediaMime(m);
  if (field.accept && mime && !mime.startsWith(`${field.accept}/`)) return { code: 'wrongMediaKind', params: { kind: field.accept } };
  if (field.maxBytes && m.kind === 'file' && m.input.size > field.maxBytes)
    return { code: 'fileTooLarge', params: { max: `${Math.round(field.maxBytes / 1024 / 1024)} MB` } };
  const limit = field.durationSec;
  if (limit && m.kind === 'file' && m.durationSec !== undefined && (m.durationSec < limit.min || m.durationSec > limit.max))
    return { code: 'durationRange', params: { min: limit.min, max: limit.max, actual: m.durationSec.toFixed(1) } };
  return null;
}

/** Checks one visible field's value against its own limits. */
export function checkField(field: FieldDef, value: unknown): FieldIssue | null {
  if (isEmpty(value)) return field.required ? { code: 'required' } : null;
  switch (field.type) {
    case 'text':
    case 'model':
      if (typeof value !== 'string') return { code: 'invalid', params: { detail: 'expected text' } };
      if (field.type === 'text' && field.maxLength && value.length > field.maxLength)
        return { code: 'tooLong', params: { max: field.maxLength } };
      if (field.type === 'model' && !value.trim()) return { code: 'required' };
      if (field.type === 'model' && value.length > MODEL_ID_MAX) return { code: 'tooLong', params: { max: MODEL_ID_MAX } };
      return null;
    case 'select':
      return typeof value === 'string' ? null : { code: 'invalid', params: { detail: 'expected a choice' } };
    case 'number': {
      // NaN: the box holds text that is no number ("10 seconds"); it is not sent as "no value".
      if (typeof value !== 'number' || Number.isNaN(value)) return { code: 'notANumber', params: { min: field.min, max: field.max } };
      if (field.integer && !Number.isInteger(value)) return { code: 'notInteger' };
      if (value < field.min || value > field.max) return { code: 'outOfRange', params: { min: field.min, max: field.max } };
      return null;
    }
    case 'size':
      if (field.allowAuto && value === 'auto') return null;
      return typeof value === 'string' && SIZE_PATTERN.test(value) ? null : { code: 'badSize' };
    case 'aspectRatio': {
      const m = typeof value === 'string' ? ASPECT_RATIO_PATTERN.exec(value) : null;
      if (!m || !(Number(m[1]) > 0 && Number(m[2]) > 0)) return { code: 'badAspectRatio' };
      const ratio = Number(m[1]) / Number(m[2]);
      return ratio > ASPECT_RATIO_LIMIT || ratio < 1 / ASPECT_RATIO_LIMIT
        ? { code: 'aspectRatioRange', params: { min: `1:${ASPECT_RATIO_LIMIT}`, max: `${ASPECT_RATIO_LIMIT}:1` } }
        : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'invalid', params: { detail: 'expected yes or no' } };
    case 'media':
    case 'mask': {
      const parsed = mediaValueSchema.safeParse(value);
      if (!parsed.success) return { code: 'badUrl' };
      return checkMedia(field.type === 'mask' ? { ...field, accept: 'image' } : field, parsed.data);
    }
    case 'mediaList': {
      if (!Array.isArray(value)) return { code: 'invalid', params: { detail: 'expected a list' } };
      if (value.length > field.max) return { code: 'tooManyFiles', params: { max: field.max, count: value.length } };
      if (field.min && value.length < field.min) return { code: 'tooFewFiles', params: { min: field.min } };
      for (const item of value) {
        const parsed = mediaValueSchema.safeParse(item);
        if (!parsed.success) return { code: 'badUrl' };
        const issue = checkMedia(field, parsed.data);
        if (issue) return issue;
      }
      return null;
    }
    case 'subjects': {
      if (!Array.isArray(value)) return { code: 'invalid', params: { detail: 'expected a list' } };
      return value.every((s) => subjectSchema.safeParse(s).success) ? null : { code: 'invalid', params: { detail: 'malformed subject' } };
    }
  }
}

/** Every issue of a form: each visible field's own limits, then the operation's cross-field rules. */
export function validateValues(op: OperationDef, values: Values): FieldIssues {
  const issues: FieldIssues = {};
  for (const field of op.fields) {
    if (!isVisible(field, values)) continue;
    const issue = checkField(field, values[field.name]);
    if (issue) issues[field.name] = issue;
  }
  if (op.check) for (const [k, v] of Object.entries(op.check(values))) issues[k] ??= v;
  return issues;
}

/** Only the visible fields' values, with `{vendor}` filled in the model id. */
export function visibleValues(op: OperationDef, values: Values, vendor: string): Values {
  const out: Values = {};
  for (const f of op.fields) {
    if (!isVisible(f, values)) continue;
    const v = values[f.name];
    out[f.name] = f.type === 'model' && typeof v === 'string' ? fillVendor(v.trim(), vendor) : v;
  }
  return out;
}

/**
 * What is wrong with a submission's extra fields, or null: a name Atelier computes itself (the callback
 * URL), or a name the operation's catalog defines (the form shows it; the extra fields cannot change it).
 */
export function extraIssue(op: OperationDef, extra: Record<string, unknown>): FieldIssue | null {
  const protectedNames = protectedNamesIn(extra);
  if (protectedNames.length) return protectedExtraIssue(protectedNames);
  const catalog = catalogNamesIn(op, extra);
  return catalog.length ? catalogExtraIssue(catalog) : null;
}

/** Parses the user's extra-fields JSON; an empty text is `{}`. With `op`, names of its form are refused too. */
export function parseExtra(text: string, op?: OperationDef): { ok: true; value: Record<string, unknown> } | { ok: false; issue: FieldIssue } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return { ok: false, issue: { code: 'badJson', params: { reason: 'notObject', detail: 'expected an object { … }' } } };
    const protectedNames = protectedNamesIn(parsed as Record<string, unknown>);
    if (protectedNames.length) return { ok: false, issue: protectedExtraIssue(protectedNames) };
    const issue = op ? extraIssue(op, parsed as Record<string, unknown>) : null;
    if (issue) return { ok: false, issue };
    return { ok: true, value: parsed as Record<string, unknown> };
  } catch (e) {
    // The engine's message (English, its own wording) stays for English; the place is computed for the rest.
    const at = jsonErrorAt(text);
    const detail = e instanceof Error ? e.message : String(e);
    return { ok: false, issue: { code: 'badJson', params: at ? { reason: 'syntax', detail, ...at } : { detail } } };
  }
}

/**
 * The request the form becomes, with the user's extra fields added: never over a field of the form or a key
 * the request already carries (core refuses such extra fields at submit; this keeps what is sent what the
 * form shows even for a task stored before that check).
 */
export function buildRequest(op: OperationDef, values: Values, extraIn: Record<string, unknown>, ctx: RequestContext): WireRequest {
  const banned = new Set(op.neverSend ?? []);
  const allowed = Object.fromEntries(Object.entries(withoutCatalogFields(op, extraIn)).filter(([k]) => !banned.has(k) && !isProtectedField(k)));
  const request = op.toRequest(visibleValues(op, values, ctx.vendor), ctx);
  const extra = notOverriding(request.body.type === 'json' ? Object.keys(request.body.json) : request.body.fields.map(([k]) => k), allowed);
  if (request.body.type === 'json') {
    const json = Object.fromEntries(Object.entries({ ...request.body.json, ...extra }).filter(([k]) => !banned.has(k)));
    return { ...request, body: { type: 'json', json } };
  }
  const fields: [string, string][] = [
    ...request.body.fields.filter(([k]) => !(k in extra) && !banned.has(k)),
    ...Object.entries(extra).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ];
  return { ...request, body: { ...request.body, fields } };
}
