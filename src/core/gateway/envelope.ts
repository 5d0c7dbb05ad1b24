import type { Family } from '../../shared/operations/ids';
import { firstString, isRecord } from './parse';

/**
 * The envelope `code` values that mean "accepted", per family (api-notes A: the task gateway answers 1000;
 * C: Kling answers 0, where 1000–1004 are auth errors; B: new-api answers "success"). An answer without a
 * `code` is judged by its body alone.
 */
const SUCCESS: Record<Family, ReadonlySet<string>> = {
  gateway: new Set(['1000', '0', '200', 'success', 'ok']),
  vendor: new Set(['0', '200', 'success', 'ok']),
  unifiedVideo: new Set(['0', '200', '1000', 'success', 'ok']),
  unifiedImage: new Set(['0', '200', '1000', 'success', 'ok']),
  videos: new Set(['0', '200', '1000', 'success', 'ok']),
  imageEdit: new Set(['0', '200', '1000', 'success', 'ok']),
};

/** Kling's "too many requests" codes (1302 rate, 1303 parallel tasks over the pack limit): api-notes C. */
const BUSY_CODES = new Set(['1302', '1303', '429', 'rate_limit_exceeded']);

export interface EnvelopeRefusal {
  code: string;
  /** The gateway's own message, or a plain sentence naming the code. */
  message: string;
  /** The gateway says it is busy: a later submission may pass. */
  busy: boolean;
}

/**
 * A 2xx submit answer whose envelope `code` is not a success value (for example Kling's 1303 with
 * `data: null` and a `request_id`, sent as HTTP 200) is a refusal, not an acceptance.
 */
export function envelopeRefusal(family: Family, body: unknown): EnvelopeRefusal | null {
  if (!isRecord(body)) return null;
  const raw = body.code;
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const code = String(raw).trim();
  if (SUCCESS[family].has(code.toLowerCase())) return null;
  const said = firstString(body, ['message', 'msg', 'error.message', 'error', 'data.message']);
  const shown = code.slice(0, 40);
  // A sentence of the gateway's stands with its code; a bare word or number ("NaN", "0") is quoted, so it
  // never reads as Atelier's own words.
  const message = !said
    ? `The gateway refused the task with code ${shown}.`
    : said.length > 10 && /\p{L}/u.test(said)
      ? `${said.slice(0, 400)} (code ${shown})`
      : `The gateway refused the task with code ${shown}: “${said.slice(0, 120)}”`;
  return { code, message, busy: BUSY_CODES.has(code.toLowerCase()) };
}
