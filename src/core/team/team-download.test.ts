import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { finished, type Machine, type MachineLine, type TaskLine } from './test-support/team-machines';
import { submit, teamFixture } from './test-support/team-fixture';

/**
 * A SIGKILLed mid-download (issue 29, "Done when"): machines as separate processes, a large result served
 * slowly so the kill lands while A is downloading it. A saved what it had received to the media store; B takes
 * the task over after the lease, restores those bytes and resumes with a Range request.
 */
const LEASE_MS = 2_000;
const RESULT_BYTES = 3_000_000;
let sim: Simulator;
const f = teamFixture({
  leaseMs: LEASE_MS,
  gateway: async (apiKey) => (sim = await startSimulator({ port: 0, apiKey, speed: 0.15, videoResultBytes: RESULT_BYTES })),
});
let team: Awaited<ReturnType<typeof f.team>>;
beforeAll(async () => {
  team = await f.team(['ana', 'ben']);
}, 60_000);

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

it('A SIGKILLed mid-download: B takes over after the lease and resumes the file with Range; one submit, one object, verified', { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  const since = Date.now();
  // 64 KiB every 120 ms: about 5.5 s for the whole file, so A is killed mid-way.
  sim.setFaults([{ kind: 'slowBody', on: 'download', delayMs: 120 }]);
  const [id = ''] = (await submit(a, 1, 'a long take', { video: true })).ids;
  await a.waitFor((l) => l.type === 'task' && l['id'] === id && l['status'] === 'downloading', 30_000, 'A downloading');
  // A has saved some of the file as download checkpoints in the bucket: then it dies.
  const checkpoint = `${team.prefix}/partial/${id}/0/`;
  await until(() => f.bucketKeys(team.prefix).some((k) => k.startsWith(checkpoint)), 15_000, 'a checkpoint in the bucket');
  a.kill('SIGKILL');
  sim.setFaults([]);
  const killedAt = Date.now();
  const done = await b.waitFor<TaskLine & MachineLine>((l) => finished(l, id), LEASE_MS + 30_000, 'finished on B');
  expect(f.submitsSince(since)).toBe(1);
  // The gateway served the file once from byte 0 (A, cut short by the kill) and once as a resume (B).
  const gets = sim.log.filter((e) => e.at >= since && e.family === 'files' && e.method === 'GET');
  const fromZero = gets.filter((e) => !e.headers['range']);
  const resumed = gets.filter((e) => e.headers['range']);
  expect(fromZero).toHaveLength(1);
  expect(resumed).toHaveLength(1);
  const resumeAt = Number(/^bytes=(\d+)-$/.exec(resumed[0]?.headers['range'] ?? '')?.[1]);
  expect(resumeAt).toBeGreaterThanOrEqual(64 * 1024);
  expect(resumeAt).toBeLessThan(RESULT_BYTES);
  // Verified: the payload B recorded is the gateway's file, byte for byte.
  const [row] = await f.settledRows([id], 'succeeded');
  const record = row?.record as unknown as { results: { sha256: string; remoteUrl: string }[] };
  const served = sim.describeResult(record.results[0]?.remoteUrl ?? '');
  expect(served?.size).toBe(RESULT_BYTES);
  expect(record.results[0]?.sha256).toBe(served?.sha256);
  // Stored once, under the hash of B's file; the checkpoints are gone.
  const file = readFileSync(join(team.dataDir('ben'), 'library', done.results[0]?.file ?? 'missing'));
  await until(() => !f.bucketKeys(team.prefix).some((k) => k.includes('/partial/')), 10_000, 'checkpoints dropped');
  expect(f.bucketKeys(team.prefix)).toEqual([`${team.prefix}/media/sha256/${sha256(file)}`]);
  process.stdout.write(`mid-download takeover: resumed at byte ${resumeAt} of ${RESULT_BYTES}, finished on B ${done.at - killedAt} ms after the kill\n`);
});

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
