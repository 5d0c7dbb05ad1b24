import { expect, test } from '@playwright/test';
import { FormsPage, pngFile } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
});
test.afterAll(async () => {
  await app.close();
});

const submissions = () => (app.simulator()?.log ?? []).filter((e) => e.method === 'POST');

test.beforeEach(async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('shell')).toBeVisible();
});

test('validation is shown at each field and blocks Generate with a summary', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.text2video');
  await expect(forms.issue('prompt')).toHaveCount(0);
  // Nothing is named before a field was touched or Generate was pressed (issue 28: validation waits).
  await expect(forms.summary).not.toContainText('to fix');
  const before = submissions().length;
  await forms.generate.click();
  await expect(forms.issue('prompt')).toHaveText('Required.');
  await expect(forms.summary).toContainText('1 thing to fix');
  await expect(forms.summary).toHaveClass(/fm-summary-bad/);
  await expect(forms.input('prompt')).toBeFocused();

  await forms.fill('prompt', 'a red fox in the snow');
  await expect(forms.issue('prompt')).toHaveCount(0);
  await forms.field('duration').locator('input[type=number]').fill('99');
  await expect(forms.issue('duration')).toHaveText('Must be between 3 and 15.');
  await forms.field('aspect_ratio').getByRole('radio', { name: 'Custom…' }).click();
  await forms.field('aspect_ratio').getByTestId('custom-aspect_ratio').fill('16-9');
  await expect(forms.issue('aspect_ratio')).toContainText('W:H');
  await page.keyboard.press('Control+Enter');
  await expect(forms.summary).toContainText('2 things to fix');
  expect(submissions().length).toBe(before);

  // The extra-fields JSON is checked too.
  await forms.field('duration').locator('input[type=number]').fill('5');
  await forms.field('aspect_ratio').getByTestId('custom-aspect_ratio').fill('2:1');
  await page.getByTestId('advanced').locator('summary').click();
  await page.getByTestId('extra-input').fill('{ "seed": 4');
  await expect(page.getByTestId('issue-extra')).toContainText('Not valid JSON');
  await expect(forms.summary).toContainText(/1 thing to fix:\s*Extra fields/);
  await page.getByTestId('extra-input').fill('{ "seed": 4 }');
  await expect(page.getByTestId('issue-extra')).toHaveCount(0);
  await expect(forms.summary).not.toContainText('to fix');
});

test('the subject builder offers subjects after <<< and blocks an undefined <<<id>>>', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.subjectReference');
  await forms.form.getByTestId('add-subject-image').click();
  await forms.form.getByTestId('media-subject-0-file').setInputFiles(pngFile('cat.png', [220, 120, 40]));
  await expect(forms.form.getByTestId('subject-card').locator('img')).toBeVisible();
  await expect(forms.form.getByTestId('subject-unused')).toBeVisible();

  const prompt = forms.input('prompt');
  await prompt.click();
  await prompt.pressSequentially('A cat <<<');
  await expect(forms.form.getByTestId('subject-popup')).toContainText('img1');
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveValue('A cat <<<img1>>>');
  await expect(forms.form.getByTestId('prompt-token').first()).toHaveAttribute('data-defined', 'true');
  await expect(forms.form.getByTestId('subject-unused')).toHaveCount(0);

  await prompt.pressSequentially(' meets <<<dog>>>');
  await expect(forms.form.getByTestId('prompt-token').nth(1)).toHaveAttribute('data-defined', 'false');
  await expect(forms.issue('prompt')).toContainText('<<<dog>>> names no defined subject');
  const before = submissions().length;
  await forms.generate.click();
  await expect(forms.summary).toContainText('Prompt');
  expect(submissions().length).toBe(before);

  // Renaming a subject renames its tokens; the value stays a plain string.
  await forms.form.getByTestId('subject-id').fill('kitty');
  await expect(prompt).toHaveValue('A cat <<<kitty>>> meets <<<dog>>>');
  await page.screenshot({ path: 'test-results/screenshots/forms/subject-builder-undefined.png' });
});

test('image edit takes at most 16 images: a 17th is refused at the field', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('imageEdit.edit');
  const files = Array.from({ length: 17 }, (_, i) => pngFile(`in${i + 1}.png`, [i * 14, 200 - i * 10, 120]));
  await forms.addFiles('images', files);
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(16);
  await expect(forms.form.getByTestId('count-images')).toHaveText('16 of 16');
  await expect(forms.form.getByTestId('refused-images')).toContainText('Only 16 fit here: 1 more not added');
  await expect(forms.issue('images')).toHaveCount(0);
  await expect(forms.form.getByTestId('mask-field')).toHaveCount(0);

  // Reorder and remove.
  const firstName = await forms.form.getByTestId('media-tile').nth(0).getAttribute('data-name');
  await forms.form.getByTestId('media-tile').nth(0).hover();
  await forms.form.getByTestId('media-tile').nth(0).getByRole('button', { name: 'Move later' }).click();
  await expect(forms.form.getByTestId('media-tile').nth(1)).toHaveAttribute('data-name', firstName ?? '');
  await forms.form.getByTestId('media-tile').nth(0).hover();
  await forms.form.getByTestId('media-tile').nth(0).getByTestId('tile-remove').click();
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(15);
  await expect(forms.form.getByTestId('refused-images')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/forms/image-edit-16.png' });
});

test('a wrong file type is refused with a clear message', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('vendor.avatar');
  await forms.addFiles('audio', [pngFile('not-audio.png')]);
  await expect(forms.field('audio')).toContainText('“not-audio.png” is image/png; this field takes an audio file.');
});

test('drafts survive navigation and a reload; reset restores the defaults', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a lighthouse at dawn');
  await forms.chooseChip('aspect_ratio', '9:16');
  await forms.open('unifiedVideo.generate');
  await forms.chooseChip('inputKind', 'firstLastFrame');
  await expect(forms.field('image')).toBeVisible();
  await expect(forms.field('image_tail')).toBeVisible();
  await forms.open('gateway.text2image');
  await expect(forms.input('prompt')).toHaveValue('a lighthouse at dawn');

  await page.reload();
  await expect(forms.form).toHaveAttribute('data-op', 'gateway.text2image');
  await expect(forms.input('prompt')).toHaveValue('a lighthouse at dawn');
  await expect(forms.field('aspect_ratio').getByRole('radio', { name: '9:16' })).toHaveAttribute('aria-checked', 'true');
  await forms.open('unifiedVideo.generate');
  await expect(forms.field('inputKind').getByRole('radio', { checked: true })).toHaveAttribute('data-value', 'firstLastFrame');
  await forms.chooseChip('inputKind', 'text');
  await expect(forms.field('image')).toHaveCount(0);

  await forms.openFresh('gateway.text2image');
  await expect(forms.input('prompt')).toHaveValue('');
});

test('the model combobox shows presets by label and takes any typed id', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.open('gateway.text2video');
  const chip = forms.form.getByTestId('model-chip');
  await expect(chip).toContainText('2.6');
  await chip.click();
  await expect(page.getByRole('option', { name: /3\.0-Omni/ })).toContainText('vendora_3.0-Omni_text2video');
  await page.getByRole('option', { name: /3\.0-Omni/ }).click();
  await expect(chip).toContainText('3.0-Omni');
  await chip.click();
  await page.getByTestId('model-input').fill('my-custom-model');
  await page.keyboard.press('Enter');
  await expect(chip).toContainText('my-custom-model');
});

test('files can be pasted into the form and dropped on a field', async ({ page }) => {
  const forms = new FormsPage(page);
  await forms.openFresh('imageEdit.edit');
  await forms.input('prompt').click();
  const png = pngFile('pasted.png', [40, 200, 90]).buffer.toString('base64');
  await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, png);
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(1);
  await expect(forms.input('prompt')).toHaveValue('');

  await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    const zone = document.querySelector('[data-testid="drop-images"]');
    for (const type of ['dragover', 'drop']) zone?.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, png);
  await expect(forms.form.getByTestId('media-tile')).toHaveCount(2);
});

test('a 401 points to Settings; invalid_input fields are shown at their fields', async ({ page }) => {
  // Answer submitTask from a stand-in for core (the rest of the bridge goes through to the real host).
  let reply: { code: string; message: string; fields?: Record<string, string> } = { code: 'gateway_unauthorized', message: 'Invalid API key.' };
  await page.routeWebSocket(/\/bridge/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((raw) => {
      const msg = JSON.parse(String(raw)) as { id: number; method: string };
      if (msg.method === 'submitTask') ws.send(JSON.stringify({ type: 'reply', id: msg.id, reply: { ok: false, error: reply } }));
      else server.send(raw);
    });
  });
  await page.goto(app.url);
  const forms = new FormsPage(page);
  await forms.open('gateway.text2image');
  await forms.fill('prompt', 'a teapot');
  await forms.generate.click();
  await expect(forms.notice).toHaveAttribute('data-kind', 'unauthorized');
  await expect(forms.notice).toContainText('Check the key in Settings');
  await page.getByTestId('notice-open-settings').click();
  await expect(page.getByTestId('settings')).toBeVisible();
  await page.keyboard.press('Escape');

  reply = { code: 'invalid_input', message: 'Please check: prompt.', fields: { prompt: 'The gateway wants a longer prompt.' } };
  await forms.generate.click();
  await expect(forms.issue('prompt')).toHaveText('The gateway wants a longer prompt.');
  await forms.fill('prompt', 'a teapot on a table');
  await expect(forms.issue('prompt')).toHaveCount(0);
});
