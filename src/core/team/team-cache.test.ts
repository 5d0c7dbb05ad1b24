import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { finished, type Machine, type MachineLine, type TaskLine } from './test-support/team-machines';
import { submit, teamFixture } from './test-support/team-fixture';

/**
 * The bounded cache of other machines' results (media-cache.ts), machines as separate processes: B keeps at
 * most its cap of A's results (least recently viewed go first), and a result it evicted is fetched again,
 * verified, when it is viewed.
 */
const RESULT_BYTES = 300_000;
const CAP = 700_000; // two results fit, three do not
const f = teamFixture({ leaseMs: 2_000, gateway: (apiKey) => startSimulator({ port: 0, apiKey, speed: 0.15, videoResultBytes: RESULT_BYTES }) });
let team: Awaited<ReturnType<typeof f.team>>;
beforeAll(async () => {
  team = await f.team(['ana', 'ben'], { cacheBytes: CAP });
}, 60_000);

it("B keeps A's results under its cache cap, least recently used out first, and fetches an evicted one again on view", { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  const files: string[] = [];
  // One at a time, so the order they reach B is known.
  for (const n of [1, 2, 3]) {
    const [id] = (await submit(a, 1, `take ${n}`, { video: true })).ids;
    const onB = await b.waitFor<TaskLine & MachineLine>((l) => finished(l, id), 30_000, `take ${n} on B`);
    files.push(onB.results[0]?.file ?? 'missing');
    await new Promise((r) => setTimeout(r, 200)); // the admit (and any eviction) follows the task line
  }
  const inB = (file: string): string => join(team.dataDir('ben'), 'library', file);
  const onDisk = (): boolean[] => files.map((file) => existsSync(inB(file)));
  // The oldest went when the third came: the cap holds.
  expect(onDisk()).toEqual([false, true, true]);
  expect(files.filter((file) => existsSync(inB(file))).reduce((sum, file) => sum + statSync(inB(file)).size, 0)).toBeLessThanOrEqual(CAP);
  // A's own library is not a cache: all three stay there.
  expect(files.every((file) => existsSync(join(team.dataDir('ana'), 'library', file)))).toBe(true);

  // Viewing the evicted one on B fetches it back (whole, checked) and evicts the least recently used other.
  const from = b.lines.length;
  b.send({ op: 'view', file: files[0] });
  const viewed = await b.waitFor<MachineLine & { path: string | null; cachedBytes: number }>((l) => l.type === 'viewed' && b.lines.indexOf(l) >= from, 15_000, 'viewed');
  expect(viewed.path).toBe(inB(files[0] ?? ''));
  expect(onDisk()).toEqual([true, false, true]);
  expect(viewed.cachedBytes).toBeLessThanOrEqual(CAP);
  const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');
  expect(sha(inB(files[0] ?? ''))).toBe(sha(join(team.dataDir('ana'), 'library', files[0] ?? '')));
});
