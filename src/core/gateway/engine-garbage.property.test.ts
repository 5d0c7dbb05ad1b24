/**
 * Engine-level properties: a gateway (a tiny node:http stub) that answers garbage. Garbage to status
 * queries leaves the task non-terminal with a readable error while the engine keeps polling; garbage to
 * the submission leaves the task `unknown` or `failed` with a readable error. The engine never crashes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTerminal, type TaskSummary } from '../../shared/domain/task';
import { getOperation } from '../../shared/operations/catalog';
import type { Family, OperationId } from '../../shared/operations/ids';
import { valuesFor } from '../engine/operation-values.test-support';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { ADAPTERS } from './adapters';
import { extractResults } from './parse';
import { anyBody, deepJunk, junkValue, nastyString } from './junk.test-support';

interface Answer {
  status: number;
  /** Sent verbatim: JSON text, plain text, HTML, or nothing. */
  text: string;
}

/** What the stub answers: to submissions in order, and to queries per remote id. */
const submitAnswers: Answer[] = [];
const queryAnswers = new Map<string, Answer>();
const queryCounts = new Map<string, number>();
let server: Server;
let t: TestCore;
let seq = 0;

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    const id = /(rq\d+z)/.exec(req.url ?? '')?.[1];
    const answer = req.method === 'POST' ? submitAnswers.shift() : id ? queryAnswers.get(id) : undefined;
    if (id && req.method === 'GET') queryCounts.set(id, (queryCounts.get(id) ?? 0) + 1);
    const a = answer ?? { status: 404, text: '{"code":"task_not_exist"}' };
    res.writeHead(a.status, {
      'content-type': a.text.startsWith('{') || a.text.startsWith('[') ? 'application/json' : 'text/plain',
    });
    res.end(a.text);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  // Very short poll timings so each property run sees several polls within a few tens of milliseconds.
  t = await startTestCore(
    { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'stub-key' },
    { tuning: { pollBaseMs: 5, pollMaxImageMs: 15, pollMaxVideoMs: 15, idleTickMs: 5, submitWaitMs: 2_000 } },
  );
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const OPS: OperationId[] = [
  'gateway.text2image',
  'gateway.text2video',
  'videos.create',
  'unifiedImage.generate',
  'unifiedVideo.generate',
  'vendor.extend',
];

/** Garbage as the wire carries it: JSON of junk, deep nesting, text, HTML, or an empty body. */
function garbageText(family: Family): fc.Arbitrary<string> {
  return fc.oneof(
    fc.oneof(junkValue(), deepJunk(), anyBody(family)).map((v) => {
      try {
        return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? '';
      } catch {
        return '[[[';
      }
    }),
    nastyString(),
    fc.constant(''),
    fc.integer({ min: 1, max: 20_000 }).map((n) => '['.repeat(n)),
  );
}

const parsedAs = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Readable: a sentence, bounded, not a serialisation accident. */
function expectClearError(error: string | null): void {
  expect(typeof error).toBe('string');
  expect(error?.length ?? 0).toBeGreaterThan(10);
  expect(error?.length ?? 0).toBeLessThan(700);
  // Quotes of the gateway's answer may contain anything; Atelier's own words must not.
  expect(error?.replace(/“[^”]*”/g, '')).not.toMatch(/\[object Object\]|undefined|NaN/);
}

const failedAnswer = (family: Family, id: string): string =>
  JSON.stringify(
    family === 'gateway'
      ? { code: 1000, data: { taskNo: id, status: 'failed', error: 'stub says no' } }
      : family === 'videos'
        ? { id, status: 'failed', error: { message: 'stub says no' } }
        : family === 'vendor'
          ? { code: 0, data: { task_id: id, task_status: 'failed', task_status_msg: 'stub says no' } }
          : { code: 'success', data: { task_id: id, status: 'FAILURE', fail_reason: 'stub says no' } },
  );

async function until(what: string, check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

async function submit(op: OperationId): Promise<TaskSummary> {
  const values = await valuesFor(t.core, op, 'garbage test');
  try {
    return await t.core.handlers.submitTask({ operationId: op, values, extra: {} });
  } catch {
    // A refused submission throws to the form; the task row records it.
    const page = await t.core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 1 });
    const latest = page.items[0];
    if (!latest) throw new Error('no task was recorded');
    return latest;
  }
}

describe('engine against a gateway that answers garbage', () => {
  it('garbage to queries: the task stays non-terminal with a clear error, polling goes on, and a later real answer still lands', async () => {
    const cases = fc
      .constantFrom(...OPS)
      .chain((op) => fc.tuple(fc.constant(op), garbageText(getOperation(op).family)))
      .filter(
        ([op, text]) => ADAPTERS[getOperation(op).family].parseQuery(parsedAs(text)).status === 'unknown',
      );
    await fc.assert(
      fc.asyncProperty(cases, async ([op, text]) => {
        const family = getOperation(op).family;
        const id = `rq${++seq}z`;
        submitAnswers.push({
          status: 200,
          text: JSON.stringify({ id, task_id: id, taskNo: id, data: { task_id: id, taskNo: id } }),
        });
        queryAnswers.set(id, { status: 200, text });
        const task = await submit(op);
        await until('three polls', () => (queryCounts.get(id) ?? 0) >= 3);
        const during = t.core.store.get(task.id);
        expect(during?.status).toBe('unknown');
        expect(isTerminal(during?.status ?? 'unknown')).toBe(false);
        expectClearError(during?.error ?? null);
        // The engine is still alive and the task not wedged: a real answer is picked up by the next poll.
        queryAnswers.set(id, { status: 200, text: failedAnswer(family, id) });
        const final = await t.settled(task.id, 5_000);
        expect(final.status).toBe('failed');
        expect(final.error).toBe('stub says no');
      }),
      { numRuns: 30 },
    );
  });

  it('garbage to the submission: the task ends unknown or failed with a clear error', async () => {
    const cases = fc
      .constantFrom<OperationId>(...OPS, 'imageEdit.edit')
      .chain((op) =>
        fc.tuple(
          fc.constant(op),
          garbageText(getOperation(op).family),
          fc.constantFrom(200, 201, 202, 400, 409, 500, 502, 503),
        ),
      )
      .filter(([op, text]) => {
        const body = parsedAs(text);
        // A garbage answer that happens to hold an id or a file is a (strange) acceptance, not garbage.
        return getOperation(op).family === 'imageEdit'
          ? extractResults(body).length === 0 &&
              extractResults((body as { data?: unknown } | null)?.data).length === 0
          : ADAPTERS[getOperation(op).family].parseSubmit(body).remoteId === null;
      });
    await fc.assert(
      fc.asyncProperty(cases, async ([op, text, status]) => {
        submitAnswers.length = 0;
        submitAnswers.push({ status, text });
        const task = await submit(op);
        await until('the submission to settle', () => t.core.store.get(task.id)?.status !== 'submitting');
        const after = t.core.store.get(task.id);
        expect(['unknown', 'failed']).toContain(after?.status);
        expectClearError(after?.error ?? null);
      }),
      {
        numRuns: 30,
        // Found by this property: a bare number as the gateway's "message" was shown as the whole error.
        examples: [[['unifiedImage.generate', '{"message":-1000000}', 409]], [['vendor.extend', '{"code":5e-324,"message":"NaN","data":"0"}', 200]]],
      },
    );
  });
});
