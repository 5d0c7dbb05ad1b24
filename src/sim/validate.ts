import { badRequest } from './exchange';

type Body = Record<string, unknown>;

/** Reads a string field; 400 naming the field when it is missing (if required) or not a string. */
export function str(body: Body, field: string, required: true): string;
export function str(body: Body, field: string, required?: false): string | undefined;
export function str(body: Body, field: string, required = false): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    if (required) throw badRequest(`${field} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
  if (required && v.trim() === '') throw badRequest(`${field} must not be empty`);
  return v;
}

export function stringArray(body: Body, field: string): string[] | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw badRequest(`${field} must be an array of strings`);
  return v as string[];
}

export function objectArray(body: Body, field: string): Body[] {
  const v = body[field];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x)))
    throw badRequest(`${field} must be an array of objects`);
  return v as Body[];
}

export function integer(body: Body, field: string, min: number, max: number): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw badRequest(`${field} must be an integer from ${min} to ${max}`);
  return v;
}

export function positiveNumber(body: Body, field: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    throw badRequest(`${field} must be a positive number of seconds`);
  return v;
}

export function oneOf<T extends string>(body: Body, field: string, values: readonly T[]): T | undefined {
  const v = str(body, field);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v))
    throw badRequest(`${field} must be one of ${values.join(', ')}`);
  return v as T;
}

/** `w:h` with positive numbers, e.g. 16:9. */
export function aspectRatio(body: Body, field: string, required = false): string | undefined {
  const v = required ? str(body, field, true) : str(body, field);
  if (v === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(v);
  if (!m || !(Number(m[1]) > 0 && Number(m[2]) > 0))
    throw badRequest(`${field} must have the shape <w>:<h>, e.g. 16:9 (got ${JSON.stringify(v)})`);
  return v;
}

/** `WxH` in pixels, e.g. 1024x1024; `auto` is allowed where the caller says so. */
export function parseSize(
  value: string,
  field: string,
  allowAuto = false,
): { width: number; height: number } | undefined {
  if (allowAuto && value === 'auto') return undefined;
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(value);
  const width = Number(m?.[1]);
  const height = Number(m?.[2]);
  if (!m || !(width > 0 && height > 0) || width > 8192 || height > 8192)
    throw badRequest(
      `${field} must have the shape <width>x<height>, e.g. 1024x1024 (got ${JSON.stringify(value)})`,
    );
  return { width, height };
}

/** Media inputs are never fetched (the simulator has no internet); only their form is checked. */
export function mediaRef(body: Body, field: string, required: boolean): string | undefined {
  const v = required ? str(body, field, true) : str(body, field);
  if (v === undefined) return undefined;
  if (/^https?:\/\/\S+$/i.test(v) || /^data:[^,]*,/.test(v)) return v;
  if (v.length >= 16 && /^[A-Za-z0-9+/=\r\n_-]+$/.test(v)) return v;
  throw badRequest(`${field} must be an http(s) URL, a data: URL or base64 data`);
}
