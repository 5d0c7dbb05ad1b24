/**
 * Short, readable descriptions of gateway answers the engine could not use, for a task's `error`. The
 * user sees these next to the task, so they say what was wrong and quote a bounded piece of the answer.
 */

const QUOTE_CHARS = 120;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A bounded quote of a raw answer: the text itself, or its JSON (never "[object Object]"). */
export function quoteAnswer(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return 'an empty answer';
  if (typeof raw === 'string') return `“${clip(raw, QUOTE_CHARS)}”`;
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch {
    // Deeply nested or cyclic: too odd to quote.
    return 'an answer too deeply nested to show';
  }
  return json === undefined ? 'an unreadable answer' : `“${clip(json, QUOTE_CHARS)}”`;
}

/** The error of a task whose query answer gave no usable status (it stays `unknown` and is polled again). */
export function unreadableStatusError(
  rawStatus: string | null,
  gatewayMessage: string | null,
  raw: unknown,
): string {
  const said = gatewayMessage ? ` The gateway said: ${clip(gatewayMessage, 200)}` : '';
  if (rawStatus)
    return `The gateway reported a status Atelier does not know: “${clip(rawStatus, 60)}”. Still checking.${said}`;
  return `The gateway's answer carried no status Atelier can read (${quoteAnswer(raw)}). Still checking.${said}`;
}

/**
 * The error of a refused submission (non-2xx): the gateway's own message when it sent one that reads as
 * a message, else the HTTP status with a quote of what came back (an HTML error page, "[[[", nothing).
 */
export function refusalText(status: number, structuredMessage: string | null, raw: unknown): string {
  // The gateway's own sentence stands alone; a code, a number or a word gets the status beside it.
  if (structuredMessage && structuredMessage.length > 10 && /\p{L}/u.test(structuredMessage))
    return clip(structuredMessage, 500);
  if (structuredMessage) return `The gateway answered HTTP ${status}: ${clip(structuredMessage, 500)}`;
  return `The gateway answered HTTP ${status} with ${quoteAnswer(raw)}.`;
}
