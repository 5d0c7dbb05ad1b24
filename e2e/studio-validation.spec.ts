import { expect, test } from '@playwright/test';
import { OPERATIONS } from '../src/shared/operations/catalog';
import { FormsPage } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §6: validation waits until a field was touched or Generate was pressed, in the footer as at the
 * fields: a fresh form names no faults and Generate does not look disabled.
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

test('a fresh form shows no faults, in the footer or at a field, until a field is touched or Generate is pressed', async ({ page }) => {
  await page.goto(app.url);
  const forms = new FormsPage(page);
  for (const op of OPERATIONS) {
    await forms.open(op.id);
    await expect(forms.summary, op.id).not.toContainText(/to fix/);
    await expect(forms.form.locator('.fm-issue'), op.id).toHaveCount(0);
    await expect(forms.generate, op.id).not.toHaveClass(/fm-generate-blocked/);
  }

  // Touching a field: the footer names it (calm colour), nothing else yet.
  await forms.open('imageEdit.edit'); // images and an instruction are required
  await forms.fill('prompt', 'x');
  await forms.fill('prompt', '');
  await expect(forms.summary).toContainText(/1 thing to fix:\s*Edit instruction/);
  await expect(forms.summary).not.toHaveClass(/fm-summary-bad/);
  await expect(forms.issue('prompt')).toContainText('Required');

  // Pressing Generate: everything that blocks, in red.
  await forms.generate.click();
  await expect(forms.summary).toContainText(/2 things to fix:\s*Images/);
  await expect(forms.summary).toHaveClass(/fm-summary-bad/);
});

test('text that is no number in a number box is an error at the field, and nothing is sent', async ({ page }) => {
  await page.goto(app.url);
  const forms = new FormsPage(page);
  await forms.open('gateway.text2video');
  await forms.fill('prompt', 'a heron standing in fog');
  const before = (app.simulator()?.log ?? []).filter((e) => e.method === 'POST').length;
  // Typed into the box as a user would (fill() refuses text in a number input): "10e" is what Chromium
  // keeps of "10 seconds".
  const box = forms.field('duration').locator('input.field-input');
  await box.click();
  await box.press('Control+A');
  await box.pressSequentially('10e');
  await forms.generate.click();
  await expect(forms.issue('duration')).toContainText('Enter a number from');
  await expect(forms.summary).toContainText(/1 thing to fix/);
  await page.waitForTimeout(300);
  expect((app.simulator()?.log ?? []).filter((e) => e.method === 'POST').length).toBe(before);
});

test('the prompt counter groups its thousands', async ({ page }) => {
  await page.goto(app.url);
  const forms = new FormsPage(page);
  await forms.open('gateway.text2video');
  await forms.fill('prompt', 'x'.repeat(12_345));
  await expect(forms.field('prompt').locator('.fm-counter')).toHaveText(/^12,345 \/ \d{1,3}(,\d{3})*$/);
  await expect(forms.issue('prompt')).toContainText('At most');
});
