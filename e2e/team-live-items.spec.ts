import { expect, test } from '@playwright/test';
import { startTeamRig, type MemberApp } from './support/team-apps';

/**
 * Issue 29, live: a board or a saved prompt a teammate makes shows up in an open window without a reload.
 * The change feed applies the teammate's edit to the local tables and core says so (`sharedItemsChanged`);
 * the board picker and an open prompt library read again.
 */
let rig: Awaited<ReturnType<typeof startTeamRig>>;
let ana: MemberApp;
let ben: MemberApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rig = await startTeamRig();
  [ana, ben] = await Promise.all([rig.member('Ana'), rig.member('Ben')]);
});
test.afterAll(async () => {
  await rig?.stop();
});

test("a teammate's new board and saved prompt appear in an open window, without a reload", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(ben.url);
  await expect(page.getByTestId('gallery')).toBeVisible();
  // Ben's page has read its boards (none yet) and his prompt library is open (empty).
  await expect(page.getByTestId('board-select')).toBeVisible();
  await page.getByTestId('prompt-library').click();
  const library = page.getByTestId('prompt-library-popover');
  await expect(library).toBeVisible();
  await expect(library.getByTestId('saved-prompt')).toHaveCount(0);

  await ana.core.handlers.savePrompt({
    name: 'Harbour at dawn',
    text: 'a harbour at dawn, long exposure',
    operationId: 'gateway.text2image',
  });
  await expect(library.getByTestId('saved-prompt')).toHaveText([/Harbour at dawn/], { timeout: 15_000 });
  await page.keyboard.press('Escape');

  const board = await ana.core.handlers.createBoard({ name: 'Shared moodboard' });
  await page.getByTestId('board-select').click();
  const options = page.getByTestId('board-select-options');
  await expect(options.locator(`[role="option"][data-value="${board.id}"]`)).toHaveText(/Shared moodboard/, {
    timeout: 15_000,
  });
  await page.keyboard.press('Escape');
});

test("Settings → Team: the cap of teammates' results kept here, with what is in use; a new cap is saved at once", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(ben.url);
  await expect(page.getByTestId('gallery')).toBeVisible();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-tab-team').click();
  const cap = page.getByTestId('team-cache-cap');
  await expect(cap).toHaveValue('2');
  await expect(page.getByTestId('team-cache-used')).toContainText('GB in use');
  await cap.fill('0.5');
  await cap.press('Enter');
  await expect.poll(() => ben.core.handlers.getPreferences({}).then((p) => p.teamCacheGiB)).toBe(0.5);
  // Out of bounds is not saved (the field's bounds are the schema's).
  await cap.fill('0.1');
  await cap.press('Tab');
  await expect.poll(() => ben.core.handlers.getPreferences({}).then((p) => p.teamCacheGiB)).toBe(0.5);
  await page.getByTestId('team-section').screenshot({ path: info.outputPath('team-cache.png') });
});
