/**
 * One team machine in its own process (the multi-machine tests and the bench): a core over its own SQLite
 * cache and library folder, joined to the team's PostgreSQL and media store, on the given gateway.
 * Reads JSON commands on stdin, writes JSON lines on stdout: `ready`, `task` (every change it sees, with the
 * time), `submitted` / `refused` (answers to `submit`), `status`.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { createCore } from '../../create-core';
import { FAST_TUNING } from '../../engine/tuning';
import { createMemorySecretStore } from '../../storage/file-secret-store';
import { createJsonPreferencesStore } from '../../storage/json-preferences-store';
import { BridgeError } from '../../../shared/bridge/result';
import type { TaskSummary } from '../../../shared/domain/task';
import { FolderMediaStore } from '../media/folder-media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { TeamSession } from '../team-session';

const configSchema = z.object({
  dataDir: z.string(),
  gateway: z.object({ baseUrl: z.string(), apiKey: z.string() }),
  /** Absent: a solo machine (the bench's baseline), no team at all. */
  pgUrl: z.string().optional(),
  member: z.string(),
  machine: z.string(),
  leaseMs: z.number(),
  media: z.union([
    z.object({ kind: z.literal('folder'), dir: z.string() }),
    z.object({
      kind: z.literal('s3'),
      location: z.object({ bucket: z.string(), prefix: z.string(), endpoint: z.string(), region: z.string(), forcePathStyle: z.boolean() }),
      credentials: z.object({ accessKeyId: z.string(), secretAccessKey: z.string() }),
    }),
  ]),
  pointsPerTask: z.number().default(1),
  cacheBytes: z.number().optional(),
  /** The bound on one ledger statement (TeamSessionOptions.ledgerQueryTimeoutMs). */
  ledgerQueryTimeoutMs: z.number().optional(),
});

const commandSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('submit'), count: z.number().int().positive(), prompt: z.string(), video: z.boolean().optional() }),
  z.object({ op: z.literal('status') }),
  z.object({ op: z.literal('cpu') }),
  z.object({ op: z.literal('favourite'), id: z.string() }),
  z.object({ op: z.literal('createBoard'), name: z.string() }),
  z.object({ op: z.literal('renameBoard'), id: z.string(), name: z.string() }),
  z.object({ op: z.literal('savePrompt'), name: z.string(), text: z.string() }),
  z.object({ op: z.literal('library') }),
  z.object({ op: z.literal('view'), file: z.string() }),
]);

const out = (line: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(): Promise<void> {
  const config = configSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  mkdirSync(config.dataDir, { recursive: true });
  const media = config.media.kind === 'folder' ? new FolderMediaStore(config.media.dir) : new S3MediaStore(config.media.location, config.media.credentials);
  const team = config.pgUrl === undefined ? undefined : await TeamSession.join({
    url: config.pgUrl,
    member: config.member,
    machine: config.machine,
    media,
    leaseMs: config.leaseMs,
    pricing: () => config.pointsPerTask,
    cursorFile: join(config.dataDir, 'team-cursor.json'),
    ...(config.cacheBytes !== undefined ? { cacheBytes: config.cacheBytes } : {}),
    ...(config.ledgerQueryTimeoutMs !== undefined ? { ledgerQueryTimeoutMs: config.ledgerQueryTimeoutMs } : {}),
    log: {
      debug: (message, data) => void (process.env.TEAM_TRACE ? process.stderr.write(`${Date.now()} ${message} ${JSON.stringify(data ?? {})}\n`) : undefined),
      info: () => undefined,
      warn: (message, data) => void process.stderr.write(`warn ${message} ${JSON.stringify(data ?? {})}\n`),
      error: (message, data) => void process.stderr.write(`error ${message} ${JSON.stringify(data ?? {})}\n`),
    },
  });
  const core = createCore({
    dataDir: config.dataDir,
    transport: 'web',
    appVersion: 'test',
    secrets: createMemorySecretStore(),
    preferences: createJsonPreferencesStore(config.dataDir),
    demo: { start: async () => config.gateway, stop: async () => undefined },
    tuning: FAST_TUNING,
    ...(team ? { team } : {}),
  });
  core.events.subscribe((event, payload) => {
    if (event === 'noticesChanged') out({ type: 'notices', kinds: (payload as { kind: string }[]).map((n) => n.kind), at: Date.now() });
    if (event === 'sharedItemsChanged') out({ type: 'items-changed', kinds: (payload as { kinds: string[] }).kinds, at: Date.now() });
    if (event !== 'taskChanged') return;
    const t = payload as TaskSummary;
    out({ type: 'task', id: t.id, status: t.status, rawStatus: t.rawStatus, remoteId: t.remoteId, favourite: t.favourite, mine: team?.hooks.mayWork(t.id) ?? true, results: t.results.map((r) => ({ state: r.state, file: r.file, sha256: r.sha256 })), at: Date.now() });
  });
  await core.start();
  // Time spent collecting garbage (the bench's CPU figure prints it beside the CPU time).
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  }).observe({ entryTypes: ['gc'] });
  out({ type: 'ready', pid: process.pid });
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const parsed = commandSchema.safeParse(JSON.parse(line));
    if (!parsed.success) return out({ type: 'error', message: parsed.error.message });
    const cmd = parsed.data;
    if (cmd.op === 'status') return out({ type: 'status', ...(team?.status() ?? {}) });
    if (cmd.op === 'cpu') {
      // When profiled, each reading also marks the profile's clock (microseconds), so a profile can be cut to
      // the measured stretch (the profile's timestamps and hrtime share the monotonic clock).
      const profDir = process.env['TEAM_MACHINE_CPU_PROF'];
      if (profDir) mkdirSync(profDir, { recursive: true });
      if (profDir) appendFileSync(join(profDir, `${config.member}-marks.txt`), `${process.hrtime.bigint() / 1000n}\n`);
      return out({ type: 'cpu', ...process.cpuUsage(), gcMs, heapUsed: process.memoryUsage().heapUsed });
    }
    const answer = (work: Promise<Record<string, unknown>>): void =>
      void work.then(
        (line) => out(line),
        (e: unknown) => out({ type: 'error', message: String(e) }),
      );
    if (cmd.op === 'createBoard') return answer(core.handlers.createBoard({ name: cmd.name }).then((b) => ({ type: 'board', id: b.id })));
    if (cmd.op === 'renameBoard') return answer(core.handlers.renameBoard({ id: cmd.id, name: cmd.name }).then(() => ({ type: 'renamed', id: cmd.id })));
    if (cmd.op === 'savePrompt') return answer(core.handlers.savePrompt({ name: cmd.name, text: cmd.text }).then((p) => ({ type: 'prompt', id: p.id })));
    if (cmd.op === 'library')
      return answer(
        Promise.all([core.handlers.listBoards({}), core.handlers.listPrompts({})]).then(([boards, prompts]) => ({
          type: 'library',
          boards: boards.items.map((b) => ({ id: b.id, name: b.name })),
          prompts: prompts.map((p) => ({ id: p.id, name: p.name, text: p.text })),
          at: Date.now(),
        })),
      );
    if (cmd.op === 'view')
      return answer(core.resolveMedia(`library/${cmd.file}`).then((path) => ({ type: 'viewed', file: cmd.file, path, cachedBytes: team?.cachedBytes() ?? 0 })));
    if (cmd.op === 'favourite')
      return void core.handlers.setFavourite({ id: cmd.id, favourite: true }).then(
        () => out({ type: 'favourited', id: cmd.id }),
        (e: unknown) => out({ type: 'error', message: String(e) }),
      );
    void (async () => {
      const submits = Array.from({ length: cmd.count }, (_, i) =>
        core.handlers
          .submitTask(
            cmd.video
              ? { operationId: 'gateway.text2video', values: { model: '{vendor}_2.6_text2video', prompt: `${cmd.prompt} ${i}`, aspect_ratio: '16:9', duration: 5, mode: 'std' }, extra: {} }
              : { operationId: 'gateway.text2image', values: { model: '{vendor}_3.0_text2image', prompt: `${cmd.prompt} ${i}`, aspect_ratio: '1:1', n: 1 }, extra: {} },
          )
          .then(
            (t) => out({ type: 'submitted', id: t.id, at: Date.now() }),
            (e: unknown) => out({ type: 'refused', message: e instanceof BridgeError ? e.message : String(e) }),
          ),
      );
      await Promise.all(submits);
      out({ type: 'submits-done' });
    })();
  });
}

// The engine's timers are unref'd; this process lives until it is killed.
setInterval(() => undefined, 1_000);
// SIGTERM (sent only when profiling, see Machine.stop): exit normally, so `--cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
main().catch((e: unknown) => {
  process.stderr.write(`team child failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
