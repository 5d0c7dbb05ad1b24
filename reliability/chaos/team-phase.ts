/**
 * `npm run chaos:team`: the team under chaos. Three machines (separate processes) on one PostgreSQL, one
 * s3rver bucket and the simulator submit tasks while they are SIGKILLed (and started again on their data
 * folder), SIGSTOPped past their lease (and continued), and PostgreSQL is restarted once. Then everyone is
 * let finish, and the run reports lost tasks, duplicate submissions and corrupt files (each should be 0):
 *   - lost: a task a machine was told was submitted that is not in the ledger, or not finished there;
 *   - duplicate: gateway submissions beyond one per task in the ledger;
 *   - corrupt: a result file on any machine, or an object in the bucket, whose bytes do not match its hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startSimulator } from '../../src/sim';
import { startMachine, type Machine } from '../../src/core/team/test-support/team-machines';
import { startTestPostgres } from '../../src/core/team/test-support/test-postgres';
import { S3RVER_CREDENTIALS, startS3Process } from '../../src/core/team/test-support/test-s3';
import { isSubmission } from './verify';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '40' }, seed: { type: 'string', default: String(Date.now() % 100000) } } });
const LEASE_MS = 2_000;
const NAMES = ['ana', 'ben', 'cleo'] as const;
let seed = Number(values.seed);
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'atelier-team-chaos-'));
  const [pgServer, s3, sim] = await Promise.all([startTestPostgres(), startS3Process(), startSimulator({ port: 0, apiKey: 'chaos-key', speed: 0.1 })]);
  const machines = new Map<string, Machine>();
  const accepted = new Set<string>();
  const all: Machine[] = [];
  const start = async (name: string): Promise<Machine> => {
    const m = await startMachine(name, {
      dataDir: join(root, name),
      gateway: { baseUrl: sim.baseUrl, apiKey: sim.apiKey },
      pgUrl: pgServer.url,
      member: name,
      machine: `${name}-chaos`,
      leaseMs: LEASE_MS,
      media: { kind: 's3', location: { ...s3.location, prefix: 'chaos' }, credentials: S3RVER_CREDENTIALS },
    });
    machines.set(name, m);
    all.push(m);
    return m;
  };
  const events: string[] = [];
  try {
    await Promise.all(NAMES.map(start));
    const until = Date.now() + Number(values.seconds) * 1000;
    let restarted = false;
    let round = 0;
    while (Date.now() < until) {
      round++;
      // Every prompt is unique (the machine appends the index), so the gateway's log tells each task's sends.
      for (const [name, m] of machines) if (!m.exited) m.send({ op: 'submit', count: 1 + Math.floor(random() * 3), prompt: `chaos ${name} ${round}` });
      await sleep(1_000 + random() * 2_000);
      const name = NAMES[Math.floor(random() * NAMES.length)] ?? 'ana';
      const victim = machines.get(name);
      const roll = random();
      if (!restarted && Date.now() > until - Number(values.seconds) * 500) {
        restarted = true;
        events.push('postgres restart');
        await pgServer.restart(LEASE_MS);
      } else if (victim && !victim.exited && roll < 0.4) {
        events.push(`SIGKILL ${name}`);
        victim.kill('SIGKILL');
        await sleep(500 + random() * 2_000);
        await start(name);
      } else if (victim && !victim.exited && roll < 0.7) {
        events.push(`SIGSTOP ${name}`);
        victim.kill('SIGSTOP');
        await sleep(LEASE_MS + 500 + random() * 1_500);
        victim.kill('SIGCONT');
      }
    }
    // Every machine back and running; let them finish.
    for (const name of NAMES) if (machines.get(name)?.exited) await start(name);
    for (const m of all) for (const l of m.lines) if (l.type === 'submitted') accepted.add(l['id'] as string);
    const c = new pg.Client({ connectionString: pgServer.url });
    await c.connect();
    let rows: { id: string; status: string; open: boolean; record: { remoteId: string | null; results: { file: string | null; state: string }[] }; media: Record<string, string> }[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      rows = (await c.query('SELECT id, status, open, record, media FROM tasks')).rows;
      if (rows.every((r) => !r.open) || Date.now() > deadline) break;
      await sleep(500);
    }
    await c.end();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lost = [...accepted].filter((id) => !byId.has(id) || byId.get(id)?.open);
    const posts = sim.log.filter((e) => isSubmission(e) && e.path === '/open/aigw/gateway/generations');
    const submits = posts.length;
    const perPrompt = new Map<string, number>();
    for (const p of posts) {
      const prompt = String((p.json as { prompt?: unknown } | undefined)?.prompt ?? '');
      perPrompt.set(prompt, (perPrompt.get(prompt) ?? 0) + 1);
    }
    const duplicates = [...perPrompt.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
    const sent = rows.filter((r) => r.record.remoteId !== null).length;
    let corrupt = 0;
    let checked = 0;
    const bucket = join(s3.dir, s3.location.bucket, 'chaos', 'media', 'sha256');
    for (const r of rows)
      for (const [index, hash] of Object.entries(r.media)) {
        const object = join(bucket, `${hash}._S3rver_object`);
        checked++;
        if (!existsSync(object) || createHash('sha256').update(readFileSync(object)).digest('hex') !== hash) corrupt++;
        const file = r.record.results[Number(index)]?.file;
        for (const name of NAMES) {
          const local = file ? join(root, name, 'library', file) : null;
          if (!local || !existsSync(local)) continue;
          checked++;
          if (createHash('sha256').update(readFileSync(local)).digest('hex') !== hash) corrupt++;
        }
      }
    const statuses: Record<string, number> = {};
    for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const result = { tasks: rows.length, accepted: accepted.size, lost: lost.length, duplicateSubmissions: duplicates, gatewaySubmits: submits, corrupt, filesChecked: checked, statuses, events: events.length };
    process.stdout.write(
      [
        `team chaos (seed ${values.seed}, ${values.seconds} s, 3 machines, lease ${LEASE_MS} ms): ${events.join(', ')}`,
        `  ${rows.length} tasks (${JSON.stringify(statuses)}), ${submits} gateway submissions (${perPrompt.size} distinct tasks) for ${sent} tasks whose gateway id reached the ledger`,
        `  lost ${lost.length}, duplicate submissions ${result.duplicateSubmissions}, corrupt files ${corrupt} of ${checked} checked`,
        `BENCH_RESULT ${JSON.stringify({ name: 'team-chaos', ...result })}`,
        '',
      ].join('\n'),
    );
    if (lost.length > 0 || result.duplicateSubmissions > 0 || corrupt > 0) process.exitCode = 1;
  } finally {
    await Promise.allSettled(all.map((m) => m.stop()));
    await Promise.allSettled([pgServer.stop(), s3.stop(), sim.close()]);
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    process.stderr.write(`team chaos failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  },
);
