import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { makeImage, startTeamRig, type MemberApp } from './support/team-apps';
import { shownTooltip } from './support/focus';

/**
 * Issue 29 on the user's side, in Chromium: two members (two web hosts, one PostgreSQL, one s3rver bucket,
 * one simulator) make tasks; each gallery says who made what (tiles and the lightbox), the ledger shows the
 * team's spend per member, day and board, and a third member shares her solo library with a progress bar.
 * Screenshots (light and dark): both galleries side by side, and the ledger by member.
 */
const SHOTS = process.env.ATELIER_SHOTS_DIR ?? join('test-results', 'team-screens');
let rig: Awaited<ReturnType<typeof startTeamRig>>;
let ana: MemberApp;
let ben: MemberApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  rig = await startTeamRig();
  [ana, ben] = await Promise.all([rig.member('Ana'), rig.member('Ben')]);
});
test.afterAll(async () => {
  await rig?.stop();
});

async function openMember(browser: Browser, app: MemberApp): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 820 } });
  await page.goto(app.url);
  await expect(page.getByTestId('gallery')).toBeVisible();
  return page;
}

/** Both members' windows as one picture, each under its member's name. */
async function sideBySide(browser: Browser, left: { name: string; png: Buffer }, right: { name: string; png: Buffer }, dark: boolean): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 2920, height: 880 } });
  const img = (p: { name: string; png: Buffer }) =>
    `<figure><figcaption>${p.name}'s machine</figcaption><img src="data:image/png;base64,${p.png.toString('base64')}"></figure>`;
  await page.setContent(
    `<html><body style="margin:0;display:flex;gap:20px;padding:14px 14px 18px;background:${dark ? '#0b0d11' : '#dfe2ea'};font:600 15px system-ui;color:${dark ? '#c9cedb' : '#3a3f4d'}">
      <style>figure{margin:0}figcaption{padding:0 2px 8px}img{display:block;width:1440px;border-radius:10px;box-shadow:0 6px 24px rgba(0,0,0,.25)}</style>
      ${img(left)}${img(right)}</body></html>`,
  );
  const shot = await page.screenshot({ fullPage: true });
  await page.close();
  return shot;
}

test('two members: who made what on tiles and in the lightbox, the ledger by member, day and board; screenshots light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const board = await ana.core.handlers.createBoard({ name: 'Moodboard' });
  const prompts = {
    ana: ['a lighthouse at dusk, watercolour', 'terracotta rooftops in the morning fog', 'a fox asleep in autumn leaves'],
    ben: ['brutalist tower under a pink sky', 'a koi pond seen from above', 'neon ramen stall in the rain'],
  };
  const made = await Promise.all([
    ...prompts.ana.map((p, i) => makeImage(ana, p, i < 2 ? board.id : null)),
    ...prompts.ben.map((p) => makeImage(ben, p)),
  ]);
  const anaIds = made.slice(0, 3);
  const benIds = made.slice(3);
  const pages = { ana: await openMember(browser, ana), ben: await openMember(browser, ben) };

  // Each gallery holds all six, and each tile says who made it.
  for (const page of [pages.ana, pages.ben]) {
    await expect(page.locator('[data-testid="task-tile"][data-status="succeeded"]')).toHaveCount(6, { timeout: 20_000 });
    for (const id of anaIds) await expect(page.locator(`[data-task-id="${id}"] [data-testid="member-badge"]`)).toHaveAttribute('data-member', 'Ana');
    for (const id of benIds) await expect(page.locator(`[data-task-id="${id}"] [data-testid="member-badge"]`)).toHaveAttribute('data-member', 'Ben');
  }
  const benTileOnAna = pages.ana.locator(`[data-task-id="${benIds[0]}"]`);
  await benTileOnAna.getByTestId('member-badge').hover();
  await expect(shownTooltip(pages.ana)).toContainText('Made by Ben');
  await pages.ana.mouse.move(0, 0);

  // The lightbox names the maker ("you" for one's own).
  await benTileOnAna.click();
  await expect(pages.ana.getByTestId('lightbox-details').getByTestId('member-badge')).toHaveText('BMade by Ben');
  await pages.ana.keyboard.press('Escape');
  await pages.ben.locator(`[data-task-id="${benIds[1]}"]`).click();
  await expect(pages.ben.getByTestId('lightbox-details').getByTestId('member-badge')).toContainText('Made by Ben (you)');
  await pages.ben.keyboard.press('Escape');

  for (const theme of ['light', 'dark'] as const) {
    await Promise.all([ana.core.handlers.updatePreferences({ theme }), ben.core.handlers.updatePreferences({ theme })]);
    for (const page of [pages.ana, pages.ben]) {
      // The gallery as it rests: no hover, focus or last-opened mark left from the steps above.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('[data-testid="task-tile"] [data-testid="member-badge"]')).toHaveCount(6);
      await page.mouse.move(0, 0);
    }
    const shots = await Promise.all([pages.ana.screenshot(), pages.ben.screenshot()]);
    writeFileSync(join(SHOTS, `galleries-${theme}.png`), await sideBySide(browser, { name: 'Ana', png: shots[0] }, { name: 'Ben', png: shots[1] }, theme === 'dark'));
  }

  // The ledger: the team's spend per member (each one's share), per day and member, and per board.
  const page = pages.ana;
  await page.getByTestId('open-ledger').click();
  const spend = page.getByTestId('team-spend');
  await expect(spend.getByTestId('team-spend-members').locator('tbody tr')).toHaveCount(2);
  await expect(spend.locator('tr[data-member="Ana"] td').nth(2)).toHaveText('3');
  await expect(spend.locator('tr[data-member="Ben"] td').nth(2)).toHaveText('3');
  await expect(spend.getByTestId('team-spend-days').locator('thead th')).toHaveText(['Day', /Ana|Ben/, /Ana|Ben/]);
  await expect(spend.getByTestId('team-spend-boards')).toContainText('Moodboard');
  await expect(spend.getByTestId('team-spend-boards')).toContainText('No board');
  for (const theme of ['light', 'dark'] as const) {
    await ana.core.handlers.updatePreferences({ theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByTestId('ledger').screenshot({ path: join(SHOTS, `ledger-by-member-${theme}.png`) });
  }
  // Boards are shared through the ledger: on Ben's machine, Ana's board has its name, never an id.
  await pages.ben.getByTestId('open-ledger').click();
  await expect(pages.ben.getByTestId('team-spend-boards')).toContainText('Moodboard');
  await Promise.all([pages.ana.close(), pages.ben.close()]);
});

test('a member shares her solo library with the team: a progress bar, once only, and the others see her work', async ({ browser }) => {
  test.setTimeout(180_000);
  let cleo = await rig.member('Cleo', { solo: true });
  const solo = [await makeImage(cleo, 'paper cranes on a windowsill'), await makeImage(cleo, 'a tram crossing a bridge at night')];
  await cleo.close();
  // The team's own work (this test also runs alone, on a fresh team).
  await makeImage(ana, 'a sketchbook page of hands');
  const c = new pg.Client({ connectionString: rig.pg.url });
  await c.connect();
  const team = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]?.n);
  cleo = await rig.member('Cleo');
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(cleo.url);
  // Back in the team, her cache has caught up with Ana's and Ben's work.
  await expect(page.locator('[data-testid="task-tile"][data-status="succeeded"]')).toHaveCount(team + 2, { timeout: 20_000 });
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-team').click();
  const share = page.getByTestId('team-share');
  await expect(page.getByTestId('team-status')).toHaveText(/In the team as Cleo/);
  await share.getByTestId('team-share-start').click();
  await expect(share.getByTestId('team-share-status')).toHaveText(`Shared 2 tasks (${team} already with the team).`, { timeout: 30_000 });
  // Her cache also holds the team's tasks (skipped): all of them gone through.
  await expect(share.getByTestId('team-share-bar')).toHaveAttribute('aria-valuenow', String(team + 2));
  await share.getByTestId('team-share-status').scrollIntoViewIfNeeded();
  await page.getByTestId('settings').screenshot({ path: join(SHOTS, 'team-settings-shared.png') });
  // Again: nothing is uploaded twice.
  await share.getByTestId('team-share-start').click();
  await expect(share.getByTestId('team-share-status')).toHaveText(`Shared 0 tasks (${team + 2} already with the team).`, { timeout: 30_000 });
  expect((await c.query<{ id: string }>("SELECT id FROM tasks WHERE member = 'Cleo' ORDER BY id")).rows.map((r) => r.id)).toEqual([...solo].sort());
  await c.end();

  // Ana's gallery now holds Cleo's work, marked as hers.
  const anaPage = await openMember(browser, ana);
  for (const id of solo) await expect(anaPage.locator(`[data-task-id="${id}"] [data-testid="member-badge"]`)).toHaveAttribute('data-member', 'Cleo', { timeout: 20_000 });
  await Promise.all([page.close(), anaPage.close()]);
});
