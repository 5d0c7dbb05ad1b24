import { expect, test, type Page } from '@playwright/test';
import type { SimRequestLogEntry } from '../src/sim';
import { FormsPage } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §3, §4 and §7 against the web host and the demo simulator: the budget confirmation focuses
 * Cancel (Enter spends nothing), picking an operation focuses its prompt, radio groups are one Tab stop,
 * `?` lists the shortcuts, and the Batches panel follows the gallery's search and remembers being collapsed.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const GATEWAY = '/open/aigw/gateway/generations';
const posts = (): SimRequestLogEntry[] => (app.simulator()?.log ?? []).filter((e) => e.method === 'POST' && e.path === GATEWAY);

async function openApp(page: Page): Promise<FormsPage> {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
  // The form is its own chunk, mounted after the first frame (issue 31): keys and focus are checked on it.
  await expect(page.getByTestId('operation-panel')).toBeVisible();
  return new FormsPage(page);
}

test('picking an operation focuses its prompt; a radio group is one Tab stop with arrow keys inside', async ({ page }) => {
  const forms = await openApp(page);
  await page.getByTestId('op-gateway.text2image').click();
  await expect(forms.input('prompt')).toBeFocused();
  await page.getByTestId('op-gateway.text2video').focus();
  await page.keyboard.press('Enter');
  await expect(forms.form).toHaveAttribute('data-op', 'gateway.text2video');
  await expect(forms.input('prompt')).toBeFocused();

  // aspect_ratio: chips in a radio group. Tab enters at the checked chip, arrows move and pick, Tab leaves.
  const group = forms.field('aspect_ratio').getByRole('radiogroup');
  const radios = group.getByRole('radio');
  expect(await radios.count()).toBeGreaterThan(2);
  const checked = group.getByRole('radio', { checked: true });
  await checked.focus();
  const before = await checked.getAttribute('data-value');
  // Held until the next chip has focus, as a hand holds a key: Radix moves focus on a timer after the
  // keydown and checks the chip only while the arrow is down (a press and release faster than that timer,
  // which a loaded machine makes slow, moves focus without checking).
  await page.keyboard.down('ArrowRight');
  await expect(group.locator(':focus')).not.toHaveAttribute('data-value', before ?? '');
  await page.keyboard.up('ArrowRight');
  const now = group.getByRole('radio', { checked: true });
  await expect(now).not.toHaveAttribute('data-value', before ?? '');
  await expect(now).toBeFocused();
  // Only the checked radio is in the Tab order.
  const tabbable = await radios.evaluateAll((els) => els.filter((el) => el.getAttribute('tabindex') !== '-1').length);
  expect(tabbable).toBe(1);
  await page.keyboard.press('Tab');
  expect(await group.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(now).toBeFocused();
});

test('the budget confirmation focuses Cancel: Enter spends nothing; the shortcut sheet opens with ?', async ({ page }) => {
  const forms = await openApp(page);
  await forms.open('gateway.text2video');
  await forms.form.getByTestId('open-ledger').click();
  const ledger = page.getByTestId('ledger');
  await ledger.getByTestId('budget-input').fill('20');
  await ledger.getByTestId('budget-save').click();
  await expect(ledger.getByTestId('budget-input')).toHaveValue('20');
  await page.keyboard.press('Escape');
  await expect(ledger).toHaveCount(0);

  await forms.fill('prompt', 'an expensive sunrise over the sea');
  const before = posts().length;
  await forms.generate.click();
  const ask = page.getByTestId('budget-confirm');
  await expect(ask).toBeVisible();
  await expect(page.getByTestId('budget-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  expect(posts().length).toBe(before);
  await expect(forms.generate).toBeFocused();

  // Remove the budget again.
  await forms.form.getByTestId('open-ledger').click();
  await ledger.getByTestId('budget-input').fill('');
  await ledger.getByTestId('budget-save').click();
  await page.keyboard.press('Escape');
  // Gone, and its focus given back, before focus is moved on (while it is open, its trap keeps focus inside).
  await expect(ledger).toHaveCount(0);

  // ? (outside a field) lists every shortcut; Escape closes it and focus goes back.
  await forms.generate.focus();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Ctrl/⌘ + Enter');
  await expect(sheet).toContainText('Swap brush and eraser');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(forms.generate).toBeFocused();
  // Typed into the prompt, ? is just a character.
  await forms.input('prompt').fill('');
  await forms.input('prompt').press('?');
  await expect(sheet).toHaveCount(0);
  await expect(forms.input('prompt')).toHaveValue('?');
});

test('the Batches panel follows the search and remembers being collapsed', async ({ page }) => {
  const forms = await openApp(page);
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'three copper kettles on a stove');
  await forms.setBatchCount(3);
  await forms.generate.click();
  await expect(forms.notice).toHaveAttribute('data-kind', 'sent');
  const panel = page.getByTestId('batch-groups');
  const kettles = panel.locator('[data-testid="batch-group"][data-size="3"]');
  await expect(kettles.getByTestId('batch-progress')).toHaveText('3 of 3 done', { timeout: 60_000 });
  await forms.setBatchCount(1);

  // A search that matches none of its members hides the batch; clearing it brings it back.
  const search = page.getByTestId('gallery-search');
  await search.fill('zeppelin over a desert');
  await expect(kettles).toHaveCount(0);
  await search.fill('copper kettles');
  await expect(kettles).toHaveCount(1);
  await search.fill('');
  await expect(kettles).toHaveCount(1);

  // Collapsed to one line, and still collapsed after a reload.
  await page.getByTestId('batches-toggle').click();
  await expect(page.getByTestId('batches-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(kettles).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('batches-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('batches-toggle').click();
  await expect(kettles).toHaveCount(1);
});
