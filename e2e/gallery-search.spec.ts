import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import type { TaskRecord } from '../src/core/tasks/task-record';
import { GalleryPage } from './pages/gallery-page';
import { startGalleryApp, type RunningGalleryApp } from './support/gallery-app';
import { galleryFixtures } from './support/gallery-fixtures';
import { seedGallery } from './support/seed';

/**
 * Issue 31, search: a search the user typed past is cancelled, not cached (its late answer is dropped),
 * and the results on screen stay until the new ones arrive. The bridge's WebSocket is routed through the
 * test, which can hold back the answers to one search term.
 */
let app: RunningGalleryApp;
let records: TaskRecord[];

test.beforeAll(async () => {
  app = await startGalleryApp((dir) => {
    records = seedGallery(dir, { count: 300, withFiles: 60, extra: galleryFixtures() });
  });
});
test.afterAll(async () => {
  await app?.close();
});

interface Routed {
  /** listTasks calls the page sent, by search term ('' for none). */
  searches: string[];
  /** Holds the answers to calls searching `term` until {@link release}. */
  hold(term: string): void;
  release(): void;
}

/** Routes the bridge socket through the test: counts listTasks calls by term, can hold some answers back. */
async function routeBridge(page: Page): Promise<Routed> {
  const searches: string[] = [];
  let held: string | null = null;
  const heldIds = new Set<number>();
  const parked: { ws: WebSocketRoute; message: string }[] = [];
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const m = JSON.parse(String(message)) as {
        type?: string;
        id?: number;
        method?: string;
        input?: { filter?: { search?: string } };
      };
      if (m.type === 'call' && m.method === 'listTasks') {
        const term = m.input?.filter?.search ?? '';
        searches.push(term);
        if (held !== null && term === held && typeof m.id === 'number') heldIds.add(m.id);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const m = JSON.parse(String(message)) as { type?: string; id?: number };
      if (m.type === 'reply' && typeof m.id === 'number' && heldIds.has(m.id))
        parked.push({ ws, message: String(message) });
      else ws.send(message);
    });
  });
  return {
    searches,
    hold: (term) => (held = term),
    release: () => {
      held = null;
      for (const p of parked.splice(0)) p.ws.send(p.message);
    },
  };
}

test('a search typed past is cancelled: its late answer is never shown nor kept, the new results are', async ({
  page,
}) => {
  const bridge = await routeBridge(page);
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.tiles.first()).toBeVisible();
  const all = String(records.length);
  await expect(g.root).toHaveAttribute('data-total', all);

  // "zebracorn" is sent but its answer is held; the user types on to "lighthouse" before it comes.
  bridge.hold('zebracorn');
  await g.search.fill('zebracorn');
  await expect.poll(() => bridge.searches.includes('zebracorn')).toBe(true);
  // While the answer is missing, the results on screen stay (the whole history), not an empty grid.
  await expect(g.root).toHaveAttribute('data-total', all);
  await expect(g.tiles.first()).toBeVisible();
  await g.search.fill('lighthouse');
  const lighthouse = String(records.filter((r) => r.prompt.toLowerCase().includes('lighthouse')).length);
  await expect(g.root).toHaveAttribute('data-total', lighthouse);

  // The stale answer arrives late: it changes nothing on screen.
  bridge.release();
  await page.waitForTimeout(300);
  await expect(g.root).toHaveAttribute('data-total', lighthouse);

  // It was cancelled, not cached: going back to "zebracorn" asks core again (and shows its one task).
  const asked = bridge.searches.filter((s) => s === 'zebracorn').length;
  await g.search.fill('zebracorn');
  await expect(g.root).toHaveAttribute('data-total', '1');
  await expect(g.tiles.first()).toHaveAttribute('data-task-id', 'fx-zebra');
  expect(bridge.searches.filter((s) => s === 'zebracorn').length).toBeGreaterThan(asked);
});

test('a search is one bridge call: the page’s answer carries the chips’ counts, which show the search’s', async ({
  page,
}) => {
  const bridge = await routeBridge(page);
  const g = new GalleryPage(page);
  await g.open(app.url);
  await expect(g.root).toHaveAttribute('data-total', String(records.length));
  const matches = records.filter((r) => r.prompt.toLowerCase().includes('lighthouse'));
  await g.search.fill('lighthouse');
  await expect(g.root).toHaveAttribute('data-total', String(matches.length));
  await expect(page.getByTestId('count-all')).toHaveText(String(matches.length));
  const failed = matches.filter((r) => r.status === 'failed').length;
  await expect(page.getByTestId('count-failed')).toHaveText(String(failed));
  await page.waitForTimeout(300);
  expect(bridge.searches.filter((s) => s === 'lighthouse')).toHaveLength(1);
  // Picking a chip filters the list (its own call); the counts, under the same search, stay as they were.
  const succeeded = matches.filter((r) => r.status === 'succeeded').length;
  await page.getByTestId('chip-succeeded').click();
  await expect(g.root).toHaveAttribute('data-total', String(succeeded));
  await expect(page.getByTestId('count-all')).toHaveText(String(matches.length));
  await page.waitForTimeout(300);
  expect(bridge.searches.filter((s) => s === 'lighthouse')).toHaveLength(2);
});
