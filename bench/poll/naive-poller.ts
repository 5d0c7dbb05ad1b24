import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ADAPTERS } from '../../src/core/gateway/adapters';
import { getOperation } from '../../src/shared/operations/catalog';
import type { OperationId } from '../../src/shared/operations/ids';
import { buildRequest } from '../../src/shared/operations/validate';

/**
 * The baseline: what a simple client does. Every task is submitted at once, then polled on a fixed
 * interval (no backoff, no jitter, no global cap) until it ends; results are streamed to disk. It reuses
 * Atelier's adapters for request and response shapes, so only the scheduling differs.
 */
export async function naiveTask(args: {
  baseUrl: string;
  apiKey: string;
  op: OperationId;
  values: Record<string, unknown>;
  intervalMs: number;
  dir: string;
  tag: string;
  /** Called when a poll first sees the task finished (detection delay). */
  onDetected?: (remoteId: string, at: number) => void;
}): Promise<'succeeded' | 'failed'> {
  const op = getOperation(args.op);
  const adapter = ADAPTERS[op.family];
  const auth = { Authorization: `Bearer ${args.apiKey}` };
  const wire = buildRequest(op, args.values, {}, { vendor: 'vendora', media: () => '', callbackUrl: null });
  if (wire.body.type !== 'json') throw new Error('the naive poller sends JSON only');
  const submit = await fetch(`${args.baseUrl}${wire.path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(wire.body.json),
  });
  const remoteId = adapter.parseSubmit(await submit.json()).remoteId;
  if (!submit.ok || !remoteId) return 'failed';
  const locator = { remoteId, submitPath: wire.path };
  const path = adapter.queryPath(locator);
  if (!path) return 'failed';
  for (;;) {
    await new Promise((r) => setTimeout(r, args.intervalMs));
    const res = await fetch(`${args.baseUrl}${path}`, { headers: auth });
    if (!res.ok) {
      await res.body?.cancel();
      continue;
    }
    const outcome = adapter.parseQuery(await res.json());
    if (outcome.status === 'failed' || outcome.status === 'cancelled') return 'failed';
    if (outcome.status !== 'succeeded') continue;
    args.onDetected?.(remoteId, Date.now());
    await mkdir(args.dir, { recursive: true });
    for (const [i, r] of outcome.results.entries()) {
      if (r.kind !== 'url') continue;
      const source = adapter.resultSource?.(locator, r, i) ?? { url: r.url, withAuth: false };
      const url = source.url.startsWith('/') ? `${args.baseUrl}${source.url}` : source.url;
      const file = await fetch(url, { headers: source.withAuth ? auth : {} });
      if (!file.ok || !file.body) return 'failed';
      await pipeline(
        Readable.fromWeb(file.body as WebReadableStream<Uint8Array>),
        createWriteStream(join(args.dir, `${args.tag}-${i}`)),
      );
    }
    return 'succeeded';
  }
}
