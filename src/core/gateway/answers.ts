import type { BridgeErrorCode } from '../../shared/bridge/result';
import type { Family } from '../../shared/operations/ids';
import { refusalText } from '../engine/answer-text';
import type { QueryOutcome } from './adapter';
import { ADAPTERS } from './adapters';
import { envelopeRefusal } from './envelope';
import type { GatewayResponse } from './http';
import { errorMessage as answerMessage } from './parse';

/** What a submission's answer means (or its absence). Messages are not scrubbed yet: the caller scrubs. */
export type SubmitAnswer =
  /** The gateway holds the task under `remoteId`. */
  | { kind: 'accepted'; remoteId: string; retryAfterMs: number | null; raw: unknown }
  /** The answer carried the outcome itself (image edits). */
  | { kind: 'inline'; outcome: QueryOutcome; raw: unknown }
  /** 2xx without a task id: the gateway may have it, nobody can tell which. */
  | { kind: 'no-id'; raw: unknown }
  /** Refused (an error status, or a refusal inside a 200 envelope): nothing to poll. */
  | {
      kind: 'refused';
      message: string;
      code: BridgeErrorCode;
      formMessage: string;
      raw: unknown;
      /** The HTTP status (200 for a refusal inside the envelope) and its Retry-After: the queue reads "not now" from them. */
      httpStatus: number;
      retryAfterMs: number | null;
      /** The envelope's refusal code (Kling 1303, 1302), when the refusal came inside a 2xx envelope. */
      envelopeCode: string | null;
    }
  /** No connection was made: nothing reached the gateway. */
  | { kind: 'unreached'; message: string }
  /** The connection broke after the request went out: the gateway may have it. */
  | { kind: 'maybe-sent'; message: string };

/** What a status query's answer means (or its absence). */
export type QueryAnswer =
  | { kind: 'outcome'; outcome: QueryOutcome; raw: unknown; retryAfterMs: number | null }
  | { kind: 'rate-limited'; waitMs: number }
  /** An error status other than 429: `note` is the gateway's message or `HTTP <status>`. */
  | { kind: 'refused'; httpStatus: number; note: string; raw: unknown; retryAfterMs: number | null }
  | { kind: 'no-answer'; message: string };

const RATE_LIMIT_DEFAULT_MS = 5_000;
const RATE_LIMIT_MAX_MS = 5 * 60_000;

/** The outcome of an answer the adapter cannot read: `unknown`, polled again. */
export const UNREADABLE: QueryOutcome = {
  status: 'unknown',
  rawStatus: null,
  progress: null,
  error: 'The gateway sent an answer Atelier cannot read.',
  points: null,
  results: [],
};

/** Reads a submission's HTTP answer for `family`. Pure: tested on fixtures. */
export function readSubmitAnswer(family: Family, res: GatewayResponse): SubmitAnswer {
  const ok = res.status >= 200 && res.status < 300;
  const envelope = ok ? envelopeRefusal(family, res.body) : null;
  if (envelope) {
    const formMessage = envelope.busy ? `The gateway is busy: ${envelope.message}` : envelope.message;
    return {
      kind: 'refused',
      message: envelope.message,
      code: 'gateway_bad_request',
      formMessage,
      raw: res.body,
      httpStatus: res.status,
      retryAfterMs: res.retryAfterMs,
      envelopeCode: envelope.code,
    };
  }
  if (ok) {
    let parsed: ReturnType<(typeof ADAPTERS)[Family]['parseSubmit']>;
    try {
      parsed = ADAPTERS[family].parseSubmit(res.body);
    } catch {
      parsed = { remoteId: null, outcome: null };
    }
    if (parsed.outcome) return { kind: 'inline', outcome: parsed.outcome, raw: res.body };
    if (!parsed.remoteId) return { kind: 'no-id', raw: res.body };
    return { kind: 'accepted', remoteId: parsed.remoteId, retryAfterMs: res.retryAfterMs, raw: res.body };
  }
  const structured = typeof res.body === 'string' ? null : answerMessage(res.body, '') || null;
  const message = refusalText(res.status, structured, res.body);
  const code: BridgeErrorCode =
    res.status === 401 || res.status === 403
      ? 'gateway_unauthorized'
      : res.status >= 500
        ? 'gateway_unreachable'
        : 'gateway_bad_request';
  const formMessage = res.status === 429 ? `The gateway is busy (rate limited): ${message}` : message;
  return { kind: 'refused', message, code, formMessage, raw: res.body, httpStatus: res.status, retryAfterMs: res.retryAfterMs, envelopeCode: null };
}

/** Reads a status query's HTTP answer for `family`. Pure: tested on fixtures. */
export function readQueryAnswer(family: Family, res: GatewayResponse): QueryAnswer {
  if (res.status === 429)
    return {
      kind: 'rate-limited',
      waitMs: Math.min(RATE_LIMIT_MAX_MS, res.retryAfterMs ?? RATE_LIMIT_DEFAULT_MS),
    };
  if (res.status !== 200)
    return {
      kind: 'refused',
      httpStatus: res.status,
      note: answerMessage(res.body, `HTTP ${res.status}`),
      raw: res.body,
      retryAfterMs: res.retryAfterMs,
    };
  let outcome: QueryOutcome;
  try {
    outcome = ADAPTERS[family].parseQuery(res.body);
  } catch {
    outcome = UNREADABLE;
  }
  return { kind: 'outcome', outcome, raw: res.body, retryAfterMs: res.retryAfterMs };
}
