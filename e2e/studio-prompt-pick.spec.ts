import { expect, test } from '@playwright/test';
import { FormsPage } from './pages/forms-page';
import { startWebApp, type RunningWebApp } from './support/web-app';

/**
 * Issue 28 §6: a prompt picked from the library fills an empty prompt at once, and asks before touching
 * written text: Replace, Insert at cursor, or Cancel (focused: Enter loses nothing).
 */
let app: RunningWebApp;
test.beforeAll(async () => {
  app = await startWebApp();
  await app.core.handlers.savePrompt({ name: 'Teapots', text: 'three glass teapots', operationId: 'gateway.text2image' });
});
test.afterAll(async () => {
  await app.close();
});

test('a library prompt fills an empty prompt, and asks before replacing text (Cancel focused, Replace, Insert at cursor)', async ({ page }) => {
  await page.goto(app.url);
  const forms = new FormsPage(page);
  await forms.open('gateway.text2image');
  const prompt = forms.input('prompt');
  const confirm = page.getByTestId('prompt-replace-confirm');
  const pickTeapots = async () => {
    await forms.form.getByTestId('prompt-library').click();
    await page.getByTestId('saved-prompt').getByText('Teapots', { exact: true }).click();
  };

  // Empty: no question, the prompt is filled and focused.
  await pickTeapots();
  await expect(prompt).toHaveValue('three glass teapots');
  await expect(confirm).toHaveCount(0);
  await expect(prompt).toBeFocused();

  // Written text: asked; Cancel has focus, so Enter keeps the words.
  await prompt.fill('a red door');
  await pickTeapots();
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Teapots');
  await expect(page.getByTestId('prompt-replace-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(prompt).toHaveValue('a red door');

  // Insert at cursor: where the caret was in the prompt (after "a").
  await prompt.focus();
  await prompt.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(1, 1));
  await pickTeapots();
  await page.getByTestId('prompt-insert-at-cursor').click();
  await expect(confirm).toHaveCount(0);
  await expect(prompt).toHaveValue('a three glass teapots red door');
  await expect(prompt).toBeFocused();
  expect(await prompt.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe('a three glass teapots'.length);

  // Replace.
  await pickTeapots();
  await page.getByTestId('prompt-replace').click();
  await expect(prompt).toHaveValue('three glass teapots');
  await expect(prompt).toBeFocused();
});

test('Save prompt with no name says so at the name field (English and 简体中文), and saves once named', async ({ page }) => {
  await page.goto(app.url);
  const forms = new FormsPage(page);
  await forms.open('gateway.text2image');
  await forms.input('prompt').fill('a brass telescope on a windowsill');
  await forms.form.getByTestId('prompt-save').click();
  const name = page.getByTestId('prompt-save-name');
  const error = page.getByTestId('prompt-save-name-error');
  await expect(name).toBeFocused();

  // The button, then Enter in the field (whitespace is no name): both say why nothing was saved.
  await page.getByTestId('prompt-save-confirm').click();
  await expect(error).toHaveText('Give the prompt a name to save it.');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-describedby', 'st-prompt-name-error');
  await name.fill('   ');
  await expect(error).toHaveCount(0);
  await name.press('Enter');
  await expect(error).toBeVisible();

  // Typing clears the message; a name saves it.
  await name.fill('Telescope');
  await expect(error).toHaveCount(0);
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await name.press('Enter');
  await expect(name).toHaveCount(0);
  expect((await app.core.handlers.listPrompts({ search: 'Telescope' })).map((p) => p.text)).toEqual(['a brass telescope on a windowsill']);

  // 简体中文.
  await app.core.handlers.updatePreferences({ language: 'zh-CN' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await forms.form.getByTestId('prompt-save').click();
  await page.getByTestId('prompt-save-confirm').click();
  await expect(error).toHaveText('请先为提示词命名再保存。');
  await app.core.handlers.updatePreferences({ language: 'en' });
});
