import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TaskStore } from '../db/task-store';
import { makeTaskRecord } from '../db/test-fixtures';
import type { TaskRecord } from '../tasks/task-record';
import { BudgetExceeded, type LeaseCoordinator, type LibraryStore, type MediaStore } from './ports';
import { SoloLibraryStore } from './solo/solo-library-store';
import { SoloLeaseCoordinator } from './solo/solo-lease-coordinator';
import { FolderMediaStore } from './media/folder-media-store';
import { S3MediaStore } from './media/s3-media-store';
import { openLedger, type TeamLedger } from './pg/open-ledger';
import { startTestPostgres, type TestPostgres } from './test-support/test-postgres';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from './test-support/test-s3';

/**
 * One contract, every implementation: solo (SQLite, folder, always mine) and team (PostgreSQL, S3 through the
 * real AWS SDK against s3rver, a shared folder). Real engines only: no mocked database or S3 client.
 */
interface Subject {
  library: LibraryStore;
  leases: LeaseCoordinator;
  media: MediaStore;
}

let pgServer: TestPostgres;
let s3: TestS3;
const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-contract-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  [pgServer, s3] = await Promise.all([startTestPostgres(), startTestS3()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([pgServer?.stop(), s3?.stop()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ledgers: TeamLedger[] = [];
afterAll(async () => {
  await Promise.all(ledgers.map((l) => l.close()));
});

async function team(media: 's3' | 'folder'): Promise<Subject> {
  const ledger = await openLedger(pgServer.url, { owner: 'machine-a', member: 'ana', leaseMs: 60_000 });
  ledgers.push(ledger);
  await ledger.pool.query('TRUNCATE tasks, spend, member_caps, change_log CASCADE');
  await ledger.library.setBudget({ dailyCap: null, memberCaps: {} });
  const bucket = new S3MediaStore({ ...s3.location, prefix: `t${Date.now()}` }, S3RVER_CREDENTIALS);
  return { library: ledger.library, leases: ledger.leases, media: media === 's3' ? bucket : new FolderMediaStore(tmp()) };
}

function solo(): Subject {
  const store = TaskStore.open(join(tmp(), 'atelier.db'));
  return { library: new SoloLibraryStore(store, 'ana'), leases: new SoloLeaseCoordinator('machine-a'), media: new FolderMediaStore(tmp()) };
}

const IMPLEMENTATIONS: [string, () => Promise<Subject> | Subject][] = [
  ['solo (SQLite, folder)', solo],
  ['team (PostgreSQL, S3)', () => team('s3')],
  ['team (PostgreSQL, shared folder)', () => team('folder')],
];

const fresh = (over: Partial<TaskRecord> = {}): TaskRecord =>
  makeTaskRecord({ status: 'submitting', points: null, remoteId: null, createdAt: Date.now(), results: [], ...over });

describe.each(IMPLEMENTATIONS)('ports contract: %s', (_name, make) => {
  let s: Subject;
  beforeEach(async () => {
    s = await make();
  });

  it('records a reserved task and gives its submitter the lease', async () => {
    const task = fresh();
    const lease = await s.library.reserveAndInsert({ task, member: 'ana', points: 5, owner: s.leases.owner });
    expect(lease).toMatchObject({ taskId: task.id, owner: s.leases.owner });
    expect((await s.library.get(task.id))?.prompt).toBe(task.prompt);
    expect(await s.library.memberOf(task.id)).toBe('ana');
  });

  it('writes of the lease holder are stored', async () => {
    const task = fresh();
    const lease = await s.library.reserveAndInsert({ task, member: 'ana', points: 1, owner: s.leases.owner });
    expect(await s.library.write({ ...task, status: 'queued', remoteId: 'r-1' }, lease)).toBe(true);
    expect(await s.library.get(task.id)).toMatchObject({ status: 'queued', remoteId: 'r-1' });
  });

  it('refuses a reservation past the daily cap and records nothing', async () => {
    await s.library.setBudget({ dailyCap: 10, memberCaps: {} });
    await s.library.reserveAndInsert({ task: fresh(), member: 'ana', points: 8, owner: s.leases.owner });
    const over = fresh();
    await expect(s.library.reserveAndInsert({ task: over, member: 'ana', points: 3, owner: s.leases.owner })).rejects.toBeInstanceOf(BudgetExceeded);
    expect(await s.library.get(over.id)).toBeNull();
    await s.library.reserveAndInsert({ task: fresh(), member: 'ana', points: 2, owner: s.leases.owner });
  });

  it('refuses a reservation past the member cap', async () => {
    await s.library.setBudget({ dailyCap: null, memberCaps: { ana: 4 } });
    await s.library.reserveAndInsert({ task: fresh(), member: 'ana', points: 4, owner: s.leases.owner });
    await expect(s.library.reserveAndInsert({ task: fresh(), member: 'ana', points: 1, owner: s.leases.owner })).rejects.toMatchObject({ scope: 'member' });
  });

  it('reports the spend per member and day, settled to what the gateway charged', async () => {
    const task = fresh();
    const lease = await s.library.reserveAndInsert({ task, member: 'ana', points: 5, owner: s.leases.owner });
    expect(await s.library.settle(task.id, 3, lease)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await s.library.spendByMember()).toEqual([{ member: 'ana', day: today, points: 3, tasks: 1 }]);
  });

  it('a write that closes a task settles its spend to the points it names', async () => {
    const task = fresh();
    const lease = await s.library.reserveAndInsert({ task, member: 'ana', points: 5, owner: s.leases.owner });
    expect(await s.library.write({ ...task, status: 'succeeded', points: 2 }, lease)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await s.library.spendByMember()).toEqual([{ member: 'ana', day: today, points: 2, tasks: 1 }]);
  });

  it('a released task can be taken again', async () => {
    const task = fresh();
    const lease = await s.library.reserveAndInsert({ task, member: 'ana', points: 1, owner: s.leases.owner });
    await s.leases.release(lease);
    const again = await s.leases.acquire(task.id);
    expect(again?.owner).toBe(s.leases.owner);
    expect(await s.library.write({ ...task, status: 'running' }, again ?? lease)).toBe(true);
  });

  it('stores media once under its sha256 and copies it back whole', async () => {
    const dir = tmp();
    const file = join(dir, 'result.png');
    const bytes = Buffer.from(`not really a png ${Math.random()}`);
    writeFileSync(file, bytes);
    const hash = createHash('sha256').update(bytes).digest('hex');
    expect(await s.media.has(hash)).toBe(false);
    expect(await s.media.put(file, hash, 'image/png')).toMatchObject({ uploaded: true });
    expect(await s.media.put(file, hash, 'image/png')).toMatchObject({ uploaded: false });
    expect((await s.media.list()).filter((k) => k.endsWith(`media/sha256/${hash}`))).toHaveLength(1);
    await s.media.fetchTo(hash, join(dir, 'copy', 'back.png'));
    expect(await readFile(join(dir, 'copy', 'back.png'))).toEqual(bytes);
  });

  it('saves a download in chunks and restores the prefix that joins up from byte 0; drop forgets it', async () => {
    const slot = { taskId: `t-${Date.now()}`, index: 0 };
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 251));
    await s.media.partials.save(slot, 0, bytes.subarray(0, 100));
    await s.media.partials.save(slot, 100, bytes.subarray(100, 250));
    // A chunk past a gap is not part of the prefix.
    await s.media.partials.save(slot, 260, bytes.subarray(260, 300));
    const dest = join(tmp(), 'downloads', 'x.part');
    expect(await s.media.partials.restore(slot, dest)).toBe(250);
    expect(await readFile(dest)).toEqual(bytes.subarray(0, 250));
    await s.media.partials.drop(slot);
    expect(await s.media.partials.restore(slot, dest)).toBe(0);
    expect((await s.media.list()).some((k) => k.includes('partial/'))).toBe(false);
    await expect(s.media.partials.save({ taskId: '../x', index: 0 }, 0, bytes)).rejects.toThrow(/task id/);
  });

  it('never makes a key from anything but a hash', async () => {
    const file = join(tmp(), 'x');
    writeFileSync(file, 'x');
    await expect(s.media.put(file, '../../etc/passwd', 'text/plain')).rejects.toThrow(/sha256/);
  });
});
