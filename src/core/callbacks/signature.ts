import { createHash, timingSafeEqual } from 'node:crypto';

/** sign = sha256 hex of taskNo + timestamp + apiKey (gateway-spec, Events). */
export function callbackSignature(taskNo: string, timestamp: string | number, apiKey: string): string {
  return createHash('sha256').update(`${taskNo}${timestamp}${apiKey}`).digest('hex');
}

/** Constant-time check; hex case is not specified by the spec, so both cases are accepted. */
export function verifyCallbackSignature(taskNo: string, timestamp: string | number, apiKey: string, sign: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(sign)) return false;
  const expected = Buffer.from(callbackSignature(taskNo, timestamp, apiKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), 'hex'));
}
