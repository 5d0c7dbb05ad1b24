import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  dispatch,
  EVENT_NAMES,
  METHOD_NAMES,
  type BridgeErrorCode,
  type EventName,
  type MethodName,
} from '../shared/bridge';
import { isTerminal, type TaskSummary } from '../shared/domain/task';
import { makePng } from '../core/test-support/core-harness';
import { startSimulator, type Simulator } from '../sim';
import { createDemoGateway } from './demo-gateway';
import { createWebApp } from './create-web-app';
import { openBridge, startTestWebApp, type BridgeSocket } from './test-support/bridge-socket';

/**
 * Issue 8, "Done when": every bridge method and every event of the contract, exercised through the real
 * web transport with a distinctive key set on the active profile, and not one reply or payload carries it.
 * A method or event without an entry in the tables below fails the test, so new ones must be covered.
 */
const CANARY = 'sk-CANARY-d41d8cd98f00b204e9800998ecf8427e';
const FORMS_OF_THE_KEY = [
  CANARY,
  Buffer.from(CANARY).toString('base64'),
  CANARY.split('').reverse().join(''),
];

let sim: Simulator;
let app: Awaited<ReturnType<typeof createWebApp>>;
let ws: WebSocket;
let dataDir: string;
const rendererDir = mkdtempSync(join(tmpdir(), 'atelier-renderer-'));
const frames: string[] = [];
const events: { event: EventName; raw: string }[] = [];
let nextId = 1;
const waiting = new Map<number, (raw: string) => void>();

beforeAll(async () => {
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-leak-'));
  sim = await startSimulator({ port: 0, apiKey: CANARY, speed: 'instant' });
  app = await createWebApp({ dataDir, rendererDir, port: 0, demo: createDemoGateway('instant') });
  ws = new WebSocket(`ws://127.0.0.1:${app.host.port}/bridge?token=${app.host.token}`, {
    origin: app.host.origin,
  });
  ws.on('message', (data) => {
    const raw = String(data);
    frames.push(raw);
    const msg = JSON.parse(raw) as { type: string; id?: number; event?: EventName };
    if (msg.type === 'reply' && msg.id !== undefined) waiting.get(msg.id)?.(raw);
    if (msg.type === 'event' && msg.event) events.push({ event: msg.event, raw });
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
});
afterAll(async () => {
  ws.close();
  await app.close();
  await sim.close();
  for (const d of [dataDir, rendererDir]) rmSync(d, { recursive: true, force: true });
});

type Reply = { ok: true; value: unknown } | { ok: false; error: { code: BridgeErrorCode; message: string } };

/** One call over the socket; returns the parsed reply and the raw frame (what really crossed). */
function call(method: MethodName, input: unknown): Promise<{ reply: Reply; raw: string }> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, (raw) => resolve({ reply: (JSON.parse(raw) as { reply: Reply }).reply, raw }));
    ws.send(JSON.stringify({ type: 'call', id, method, input }));
  });
}

interface Ctx {
  taskId: string;
  inputId: string;
  pngPath: string;
  outDir: string;
}

/** A sample call per method, and what web mode answers (desktop-only methods are `forbidden` here). */
interface Sample {
  input: (ctx: Ctx) => unknown;
  expect?: 'ok' | BridgeErrorCode;
  /** Binary inputs cannot travel as JSON; those go through `dispatch`, the boundary both transports share. */
  inProcess?: boolean;
}

const profile = () => ({
  id: 'canary',
  name: 'Canary gateway',
  baseUrl: sim.baseUrl,
  vendor: 'vendora',
  gatewayAuthHeader: 'Authorization',
  callbacks: { enabled: false, publicUrl: '', localPort: 0 },
});

/** Ordered: reads and harmless writes first, destructive calls last. */
const SAMPLES = {
  getAppInfo: { input: () => ({}) },
  getPreferences: { input: () => ({}) },
  updatePreferences: { input: () => ({ notifications: true, fileNamePattern: '{date}_{task}_{index}' }) },
  getConnection: { input: () => ({}) },
  listProfiles: { input: () => ({}) },
  saveProfile: { input: () => profile() },
  setProfileKey: { input: () => ({ id: 'canary', key: CANARY }) },
  selectProfile: { input: () => ({ id: 'canary' }) },
  testConnection: { input: () => ({ id: 'canary' }) },
  // Web mode stages by upload only: the page never names a path (issue 13).
  stageInputFromPath: { input: (c) => ({ path: c.pngPath }), expect: 'forbidden' },
  stageInputBytes: {
    input: () => ({ name: 'a.png', mime: 'image/png', bytes: new Uint8Array(makePng(8, 8)) }),
    inProcess: true,
  },
  submitTask: {
    input: () => ({
      operationId: 'gateway.text2image',
      values: {
        model: '{vendor}_3.0_text2image',
        prompt: 'a canary in a coal mine',
        aspect_ratio: '1:1',
        n: 1,
      },
      extra: {},
    }),
  },
  estimateTask: {
    input: () => ({
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt: 'a canary', n: 1 },
    }),
  },
  submitBatch: {
    input: () => ({ operationId: 'gateway.text2image', values: { model: '{vendor}_3.0_text2image', prompt: 'a canary batch', aspect_ratio: '1:1', n: 1 }, extra: {}, count: 2 }),
  },
  listBatches: { input: () => ({}) },
  getLedger: { input: () => ({}) },
  setDailyBudget: { input: () => ({ points: 500 }) },
  recentPrompts: { input: () => ({ operationId: 'gateway.text2image' }) },
  savePrompt: { input: () => ({ name: 'canary', text: 'a canary <<<bird>>>' }) },
  listPrompts: { input: () => ({ search: 'canary' }) },
  listTasks: { input: () => ({ filter: { sort: 'newest' } }) },
  getFirstScreen: { input: () => ({ filter: { sort: 'newest' } }) },
  keepFirstScreen: { input: (c) => ({ html: '<div class="shell">x</div>', width: 1440, theme: 'dark', build: 'index.js', filter: { sort: 'newest' }, shown: [{ id: c.taskId, status: 'succeeded', favourite: false }] }) },
  getTask: { input: (c) => ({ id: c.taskId }) },
  checkTask: { input: (c) => ({ id: c.taskId }) },
  retryDownload: { input: (c) => ({ id: c.taskId }) },
  stopTracking: { input: (c) => ({ id: c.taskId }) },
  setFavourite: { input: (c) => ({ id: c.taskId, favourite: true }) },
  rerunTask: { input: (c) => ({ id: c.taskId }) },
  setRejected: { input: (c) => ({ ids: [c.taskId], rejected: true }) },
  deletePrompt: { input: () => ({ id: 'no-such-prompt' }) },
  saveResultAs: { input: (c) => ({ id: c.taskId, index: 0 }), expect: 'forbidden' },
  revealResult: { input: (c) => ({ id: c.taskId, index: 0 }), expect: 'forbidden' },
  openExternal: { input: () => ({ url: 'https://example.com/docs' }), expect: 'forbidden' },
  chooseLibraryFolder: { input: () => ({}), expect: 'forbidden' },
  // Web mode: the page cannot restart the host.
  relaunchApp: { input: () => ({}), expect: 'forbidden' },
  previewFileName: { input: () => ({ pattern: '{date}_{model}_{prompt}_{index}' }) },
  startDragResult: { input: (c) => ({ id: c.taskId, index: 0 }), expect: 'forbidden' },
  listNotices: { input: () => ({}) },
  dismissNotice: { input: () => ({ id: 'no-such-notice' }) },
  getLineage: { input: (c) => ({ id: c.taskId }) },
  listBoards: { input: () => ({}) },
  createBoard: { input: () => ({ name: 'Leak check' }) },
  renameBoard: { input: () => ({ id: 'no-such-board', name: 'x' }), expect: 'not_found' },
  moveToBoard: { input: (c) => ({ ids: [c.taskId], boardId: null }) },
  deleteBoard: { input: () => ({ id: 'no-such-board' }) },
  exportTasks: { input: (c) => ({ ids: [c.taskId] }) },
  inspectInput: { input: (c) => ({ id: c.inputId }) },
  importFolder: { input: (c) => ({ path: c.outDir }), expect: 'forbidden' },
  recordFrameOrigin: {
    input: (c) => ({ inputId: c.inputId, origin: { taskId: c.taskId, index: 0, timeMs: 500 } }),
  },
  getQueue: { input: () => ({}) },
  setQueuePaused: { input: () => ({ profileId: null, paused: false }) },
  setQueueLimit: { input: () => ({ profileId: 'canary', limit: null }) },
  moveQueued: { input: (c) => ({ id: c.taskId, to: { kind: 'next' } }), expect: 'conflict' },
  cancelQueued: { input: (c) => ({ id: c.taskId }) },
  // Solo mode: the team's database is not there (a closed port); Settings → Team says so, nothing crashes.
  getTeam: { input: () => ({}) },
  testTeam: { input: (c) => ({ postgresUrl: 'postgres://atelier@127.0.0.1:1/team', media: { kind: 'folder', path: c.outDir }, member: 'Leak' }) },
  // Refused at the field (a control character in the name): whether tasks are still running here does not matter.
  joinTeam: { input: (c) => ({ postgresUrl: 'postgres://atelier@127.0.0.1:1/team', media: { kind: 'folder', path: c.outDir }, member: 'Le\u0007ak' }), expect: 'invalid_input' },
  leaveTeam: { input: () => ({}) },
  getTaskMembers: { input: (c) => ({ ids: [c.taskId] }) },
  getTeamSpend: { input: () => ({}), expect: 'not_found' },
  shareLibraryWithTeam: { input: () => ({}), expect: 'conflict' },
  clearProfileKey: { input: () => ({ id: 'canary' }) },
  deleteTask: { input: (c) => ({ id: c.taskId, deleteFiles: true }) },
  deleteProfile: { input: () => ({ id: 'canary' }) },
} satisfies Record<MethodName, Sample>;

/** How each event is made to fire during the flow (`notificationClicked` comes from the desktop shell). */
const EVENT_SOURCES: Record<EventName, string> = {
  taskChanged: 'submitTask and the task lifecycle',
  taskRemoved: 'deleteTask',
  downloadProgressed: 'the result download',
  preferencesChanged: 'updatePreferences',
  connectionChanged: 'selectProfile / deleteProfile',
  notificationClicked: 'emitted by main when an OS notification is clicked; emitted directly below',
  noticesChanged: 'a damaged file kept aside or a full disk; raised directly below',
  queueChanged: 'submitTask (the task waits in the queue, then runs)',
  teamShareProgressed: 'shareLibraryWithTeam in team mode (refused in this solo run); emitted directly below',
  sharedItemsChanged: "another machine's board or prompt edit arriving in team mode; emitted directly below",
};

const leaks = (text: string): string[] => FORMS_OF_THE_KEY.filter((k) => text.includes(k));

describe('no bridge method or event ever carries a key', () => {
  it('every method and event has a sample', () => {
    expect(METHOD_NAMES.filter((m) => !Object.hasOwn(SAMPLES, m))).toEqual([]);
    expect(EVENT_NAMES.filter((e) => !Object.hasOwn(EVENT_SOURCES, e))).toEqual([]);
  });

  it('calls every method with valid input through a submit → success flow; no reply or event contains the key', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'atelier-leak-out-'));
    const pngPath = join(outDir, 'source.png');
    writeFileSync(pngPath, makePng(16, 16));
    const ctx: Ctx = { taskId: '', inputId: '', pngPath, outDir };
    const replies: { method: MethodName; raw: string; reply: Reply }[] = [];

    for (const method of Object.keys(SAMPLES) as MethodName[]) {
      const sample: Sample = SAMPLES[method];
      let raw: string;
      let reply: Reply;
      if (sample.inProcess) {
        reply = (await dispatch(app.core.handlers, method, sample.input(ctx))) as Reply;
        raw = JSON.stringify(reply);
      } else ({ raw, reply } = await call(method, sample.input(ctx)));
      replies.push({ method, raw, reply });
      const expected = sample.expect ?? 'ok';
      expect(reply.ok ? 'ok' : reply.error.code, `${method}: ${raw.slice(0, 300)}`).toBe(expected);

      if ((method === 'stageInputFromPath' || method === 'stageInputBytes') && reply.ok) ctx.inputId = (reply.value as { id: string }).id;
      if (method === 'submitTask' && reply.ok) {
        ctx.taskId = (reply.value as TaskSummary).id;
        await waitForSuccess(ctx.taskId);
      }
    }
    app.core.events.emit('notificationClicked', { id: ctx.taskId });
    app.core.events.emit('teamShareProgressed', { done: 1, total: 1, skipped: 0, state: 'done', error: null });
    app.core.events.emit('sharedItemsChanged', { kinds: ['board', 'prompt'] });
    app.core.notices.raise('leak-check', 'disk-full', 'Disk full: free space to continue.');
    await expect.poll(() => events.some((e) => e.event === 'noticesChanged')).toBe(true);
    await expect.poll(() => events.some((e) => e.event === 'notificationClicked')).toBe(true);

    // Every event of the contract was seen during the flow.
    expect(EVENT_NAMES.filter((e) => !events.some((x) => x.event === e))).toEqual([]);
    for (const r of replies) expect(leaks(r.raw), `reply of ${r.method}`).toEqual([]);
    for (const e of events) expect(leaks(e.raw), `event ${e.event}`).toEqual([]);
    expect(leaks(frames.join('\n'))).toEqual([]);
    rmSync(outDir, { recursive: true, force: true });
  });
});

function waitForSuccess(id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`task ${id} did not finish`)), 15_000);
    const check = () => {
      for (const e of events) {
        if (e.event !== 'taskChanged') continue;
        const t = (JSON.parse(e.raw) as { payload: TaskSummary }).payload;
        if (
          t.id === id &&
          isTerminal(t.status) &&
          t.results.every((r) => r.state === 'done' || r.state === 'failed')
        ) {
          clearTimeout(timer);
          if (t.status !== 'succeeded') return reject(new Error(`task ${id} ended ${t.status}: ${t.error}`));
          return resolve();
        }
      }
      setTimeout(check, 20);
    };
    check();
  });
}

/**
 * Issue 13: the failure paths. A gateway that echoes the key in a 200 answer, in a task's failure reason,
 * and a network error whose text quotes the request: not one reply, event, log line or byte of the
 * database carries the key in any spelling (as typed, base64, URL-encoded).
 */
describe('a gateway that echoes the key never makes Atelier leak it', () => {
  const ECHO_KEY = 'sk-ECHO-9e107d9d372bb6826bd81d3542a419d6+/=';
  const ECHO_FORMS = [
    ECHO_KEY,
    Buffer.from(ECHO_KEY).toString('base64'),
    encodeURIComponent(ECHO_KEY),
    `Bearer ${ECHO_KEY}`,
  ];
  const echoLeaks = (text: string): string[] => ECHO_FORMS.filter((k) => text.includes(k));
  let echo: Server;
  let echoUrl = '';
  let leakApp: Awaited<ReturnType<typeof startTestWebApp>>;
  let bridge: BridgeSocket;
  const events: string[] = [];

  beforeAll(async () => {
    // A real HTTP gateway that quotes the Authorization header back in everything it says.
    echo = createServer((req, res) => {
      const auth = req.headers.authorization ?? '';
      const b64 = Buffer.from(auth.replace(/^Bearer /, '')).toString('base64');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'POST')
        res.end(
          JSON.stringify({
            code: 1000,
            message: `accepted for ${auth}`,
            data: { taskNo: 'echo-1', echo: auth, b64, url: encodeURIComponent(auth) },
          }),
        );
      else
        res.end(
          JSON.stringify({
            code: 1000,
            data: { status: 'failed', error: `refused key ${auth.replace(/^Bearer /, '')} (${b64})` },
          }),
        );
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    // Network errors whose message quotes the request's header (hosts `broken.test` / `gone.test`).
    const quotingFetch: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const auth = new Headers(init?.headers).get('authorization') ?? '';
      if (url.includes('gone.test'))
        throw new TypeError(`connect failed sending ${auth}`, { cause: { code: 'ECONNREFUSED' } });
      // No error code here: the message itself becomes the task's event text.
      if (url.includes('broken.test')) throw new TypeError(`socket hang up after ${auth}`);
      return fetch(input, init);
    };
    leakApp = await startTestWebApp({ fetch: quotingFetch });
    bridge = await openBridge(leakApp);
    leakApp.core.events.subscribe((event, payload) => events.push(JSON.stringify({ event, payload })));
  });
  afterAll(async () => {
    bridge.close();
    await leakApp.close();
    echo.closeAllConnections();
    await new Promise<void>((r) => echo.close(() => r()));
  });

  const value = <T>(r: Reply): T => (r.ok ? r.value : null) as T;
  const statusOf = async (id: string) =>
    value<TaskSummary | null>(await bridge.call('getTask', { id }))?.status;
  const submitTo = async (baseUrl: string) => {
    await bridge.call('saveProfile', { ...profile(), id: 'echo', baseUrl, key: ECHO_KEY });
    await bridge.call('selectProfile', { id: 'echo' });
    return bridge.call('submitTask', SAMPLES.submitTask.input());
  };

  it('echoed in a 200 answer and in the failure reason, and quoted by network errors: nowhere', async () => {
    const accepted = await submitTo(echoUrl);
    expect(accepted.ok).toBe(true);
    const id = value<TaskSummary>(accepted).id;
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('failed');
    const detail = await bridge.call('getTask', { id });
    expect(JSON.stringify(detail)).toContain('refused key ***');

    const refused = await submitTo('http://gone.test');
    expect(refused).toMatchObject({ ok: false, error: { code: 'gateway_unreachable' } });
    const interrupted = await submitTo('http://broken.test');
    expect(interrupted.ok).toBe(true);
    await expect.poll(() => statusOf(value<TaskSummary>(interrupted).id)).toBe('unknown');
    const conn = await bridge.call('testConnection', { id: 'echo' });
    expect(conn).toMatchObject({ ok: true, value: { outcome: 'unreachable' } });

    const list = await bridge.call('listTasks', { filter: { sort: 'newest' } });
    const details = await Promise.all(
      value<{ items: TaskSummary[] }>(list).items.map((t) => bridge.call('getTask', { id: t.id })),
    );
    expect(
      echoLeaks(JSON.stringify([accepted, refused, interrupted, conn, list, details])),
      'replies',
    ).toEqual([]);
    expect(echoLeaks(bridge.frames.join('\n')), 'socket frames').toEqual([]);
    expect(echoLeaks(events.join('\n')), 'events').toEqual([]);
    expect(echoLeaks(JSON.stringify(leakApp.logs)), 'logs').toEqual([]);
    const db = ['atelier.db', 'atelier.db-wal']
      .map((f) => join(leakApp.dataDir, f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('');
    expect(echoLeaks(db), 'database bytes').toEqual([]);
  }, 40_000);
});
