import { beforeAll, expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import type { Machine, MachineLine } from './test-support/team-machines';
import { teamFixture } from './test-support/team-fixture';

/**
 * Boards and the prompt library in PostgreSQL (issue 29): machines as separate processes; a board or prompt
 * made on A appears on B through the change feed; an edit made on A while the database is away is replayed
 * when it is back. Conflict rule (shared-items.ts): last writer wins per field in commit order, deletes win.
 */
const LEASE_MS = 2_000;
const f = teamFixture({ leaseMs: LEASE_MS, gateway: (apiKey) => startSimulator({ port: 0, apiKey, speed: 0.15 }) });
let team: Awaited<ReturnType<typeof f.team>>;
beforeAll(async () => {
  team = await f.team(['ana', 'ben']);
}, 60_000);

interface Library {
  boards: { id: string; name: string }[];
  prompts: { id: string; name: string; text: string }[];
}

/** Asks the machine for its boards and prompts until `check` holds. */
async function libraryUntil(m: Machine, check: (lib: Library) => boolean, timeoutMs: number, what: string): Promise<Library> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const from = m.lines.length;
    m.send({ op: 'library' });
    const line = await m.waitFor((l) => l.type === 'library' && m.lines.indexOf(l) >= from, 5_000, 'library');
    const lib = line as MachineLine & Library;
    if (check(lib)) return lib;
    if (Date.now() > end) throw new Error(`${m.name}: no ${what} within ${timeoutMs} ms: ${JSON.stringify({ boards: lib.boards, prompts: lib.prompts })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ask<T extends MachineLine>(m: Machine, command: Record<string, unknown>, type: string): Promise<T> {
  const from = m.lines.length;
  m.send(command);
  return m.waitFor<T>((l) => (l.type === type || l.type === 'error') && m.lines.indexOf(l) >= from, 5_000, type);
}

it('a board and a saved prompt made on A appear on B', { timeout: 60_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  const [fromA, fromB] = [a.lines.length, b.lines.length];
  const board = await ask<MachineLine & { id: string }>(a, { op: 'createBoard', name: 'Lighthouse moodboard' }, 'board');
  expect(board.type).toBe('board');
  await ask(a, { op: 'savePrompt', name: 'Dusk', text: 'a lighthouse at dusk, volumetric fog' }, 'prompt');
  const t0 = Date.now();
  const seen = await libraryUntil(b, (lib) => lib.boards.some((x) => x.id === board.id) && lib.prompts.some((p) => p.name === 'Dusk'), 10_000, 'board and prompt');
  expect(seen.boards.find((x) => x.id === board.id)?.name).toBe('Lighthouse moodboard');
  expect(seen.prompts.find((p) => p.name === 'Dusk')?.text).toBe('a lighthouse at dusk, volumetric fog');
  // B's app is told (sharedItemsChanged), so its board picker and prompt library read again without a reload.
  const kinds = (m: Machine, from: number): string[] => m.lines.slice(from).flatMap((l) => (l.type === 'items-changed' ? (l['kinds'] as string[]) : []));
  await expectEventually(async () => kinds(b, fromB).includes('board') && kinds(b, fromB).includes('prompt'), 5_000);
  // A is not told of its own edits: it has them already.
  expect(kinds(a, fromA)).toEqual([]);
  process.stdout.write(`board A→B: seen on B ${Date.now() - t0} ms after it was made\n`);
});

it('a rename made on A while PostgreSQL is away is replayed when it is back, and reaches B', { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  if (!f.env.pg.restartable) return; // ATELIER_TEST_PG_URL names a server this test may not restart.
  const board = await ask<MachineLine & { id: string }>(a, { op: 'createBoard', name: 'Before the outage' }, 'board');
  await libraryUntil(b, (lib) => lib.boards.some((x) => x.id === board.id), 10_000, 'the new board');
  const down = f.env.pg.restart(3_000);
  await expectEventually(async () => !(await f.reachable()), 10_000);
  // Two edits in order while the database is away: the last one is what everyone ends with.
  expect((await ask(a, { op: 'renameBoard', id: board.id, name: 'During the outage' }, 'renamed')).type).toBe('renamed');
  expect((await ask(a, { op: 'renameBoard', id: board.id, name: 'After the outage' }, 'renamed')).type).toBe('renamed');
  // A shows its own edit at once (the gallery reads the local cache).
  await libraryUntil(a, (lib) => lib.boards.some((x) => x.id === board.id && x.name === 'After the outage'), 2_000, 'the local rename');
  await down;
  await libraryUntil(b, (lib) => lib.boards.some((x) => x.id === board.id && x.name === 'After the outage'), 20_000, 'the replayed rename');
  const row = await f.ledger(async (c) => (await c.query(`SELECT fields->>'name' AS name, deleted FROM shared_items WHERE kind = 'board' AND id = $1`, [board.id])).rows[0]);
  expect(row).toEqual({ name: 'After the outage', deleted: false });
});

it('two boards given one name on A and B while PostgreSQL is away are told apart alike on both when it is back', { timeout: 90_000 }, async () => {
  const [a, b] = team.machines as [Machine, Machine];
  if (!f.env.pg.restartable) return; // ATELIER_TEST_PG_URL names a server this test may not restart.
  const down = f.env.pg.restart(3_000);
  await expectEventually(async () => !(await f.reachable()), 10_000);
  // Each machine's own check passes: neither sees the other's board until the database is back.
  const first = await ask<MachineLine & { id: string }>(a, { op: 'createBoard', name: 'Shared refs' }, 'board');
  await new Promise((r) => setTimeout(r, 20));
  const second = await ask<MachineLine & { id: string }>(b, { op: 'createBoard', name: 'shared refs ' }, 'board');
  expect([first.type, second.type]).toEqual(['board', 'board']);
  await down;
  // The earlier-made board keeps its name; the later one is told apart, the same on both machines.
  const both = (lib: Library): boolean =>
    lib.boards.some((x) => x.id === first.id && x.name === 'Shared refs') && lib.boards.some((x) => x.id === second.id && x.name === 'shared refs 2');
  await libraryUntil(a, both, 20_000, 'the two boards told apart on A');
  await libraryUntil(b, both, 20_000, 'the two boards told apart on B');
  // Nothing was lost: both boards are in the ledger, as their machines made them.
  const rows = await f.ledger(async (c) => (await c.query(`SELECT id FROM shared_items WHERE kind = 'board' AND id = ANY($1) AND NOT deleted`, [[first.id, second.id]])).rows);
  expect(rows).toHaveLength(2);
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
