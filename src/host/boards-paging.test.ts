import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES } from './web-host';
import { openBridge, startTestWebApp, type BridgeSocket, type Reply } from './test-support/bridge-socket';

/**
 * Issue 26 item 8, through the running web host: after 130,000 boards (long names), `getFirstScreen` and
 * `listBoards` once answered more than the socket's 16 MiB bound, so the host closed it on every start.
 */
const BOARDS = 130_000;
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;
let lastId = '';

beforeAll(async () => {
  app = await startTestWebApp();
  const db = app.core.store.db;
  const insert = db.prepare('INSERT INTO boards (id, name, created_at) VALUES (?, ?, ?)');
  db.exec('BEGIN');
  for (let i = 0; i < BOARDS; i++) {
    lastId = `board-${String(i).padStart(6, '0')}`;
    insert.run(lastId, `${'Project board with a long descriptive name '.repeat(2).slice(0, 76)} ${i}`, 1_700_000_000_000 + i);
  }
  db.exec('COMMIT');
  bridge = await openBridge(app);
}, 60_000);
afterAll(async () => {
  bridge.close();
  await app.close();
});

const value = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};
type Page = { items: { id: string; name: string }[]; nextCursor: string | null; total: number };

/** A call that fails at once, naming why, when the host closes the socket instead of answering. */
const call = (method: string, input: unknown): Promise<Reply> =>
  Promise.race([
    bridge.call(method, input),
    new Promise<Reply>((_, reject) => {
      if (bridge.ws.readyState !== bridge.ws.OPEN) reject(new Error('the socket is closed'));
      bridge.ws.once('close', (code) => reject(new Error(`the host closed the socket (${code}) instead of answering ${method}`)));
    }),
  ]);

describe('boards are paged (issue 26 item 8)', () => {
  it('the first screen answers with the first page of boards and the current board, well under the bound', async () => {
    const before = bridge.frames.length;
    const first = value<{ boards: Page }>(
      await call('getFirstScreen', { filter: { sort: 'newest', boardId: lastId }, limit: 150 }),
    );
    expect(first.boards.total).toBe(BOARDS);
    expect(first.boards.items.length).toBeLessThanOrEqual(201);
    expect(first.boards.items.at(-1)?.id).toBe(lastId); // the current board, far beyond the first page
    const frame = bridge.frames.slice(before).find((f) => f.includes('"boards"')) ?? '';
    expect(frame.length).toBeLessThan(MAX_BUFFERED_BYTES / 16);
  });

  it('listBoards pages with a cursor to the end, searches by name, and the socket stays open', async () => {
    const first = value<Page>(await call('listBoards', {}));
    expect(first.items).toHaveLength(200);
    expect(first.items[0]?.id).toBe('board-000000');
    const second = value<Page>(await call('listBoards', { cursor: first.nextCursor, limit: 500 }));
    expect(second.items[0]?.id).toBe('board-000200');
    expect(second.items).toHaveLength(500);
    const found = value<Page>(await call('listBoards', { query: ' 129999' }));
    expect(found.items.map((b) => b.id)).toEqual(['board-129999']);
    expect(await call('listBoards', { cursor: 'not-a-cursor' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(bridge.ws.readyState).toBe(bridge.ws.OPEN);
  });
});
