import { expect, type Locator, type Page } from '@playwright/test';

/** The Settings dialog, tab by tab. */
export class SettingsPage {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('settings');
  }

  async open(tab: 'general' | 'gateways' | 'library' | 'about' = 'general'): Promise<void> {
    if (!(await this.dialog.isVisible())) await this.page.getByTestId('open-settings').click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByTestId(`settings-tab-${tab}`).click();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }

  profile(id: string): Locator {
    return this.dialog.getByTestId(`profile-${id}`);
  }

  /** The profile card whose name is shown as `name`. */
  profileNamed(name: string): Locator {
    return this.dialog
      .locator('.profile-card')
      .filter({ has: this.page.getByTestId('profile-name').getByText(name, { exact: true }) });
  }

  async addProfile(p: { name: string; baseUrl: string; vendor?: string; header?: string }): Promise<Locator> {
    await this.dialog.getByTestId('profile-add').click();
    const editor = this.dialog.getByTestId('profile-editor');
    await editor.getByTestId('profile-field-name').fill(p.name);
    await editor.getByTestId('profile-field-baseUrl').fill(p.baseUrl);
    if (p.vendor) await editor.getByTestId('profile-field-vendor').fill(p.vendor);
    if (p.header) {
      await editor.getByTestId('profile-auth-custom').check();
      await editor.getByTestId('profile-field-header').fill(p.header);
    }
    await editor.getByTestId('profile-save').click();
    await expect(editor).toBeHidden();
    const card = this.profileNamed(p.name);
    await expect(card).toBeVisible();
    return card;
  }

  async setKey(card: Locator, key: string): Promise<void> {
    await card.getByTestId('key-open').click();
    await card.getByTestId('key-input').fill(key);
    await card.getByTestId('key-save').click();
    await expect(card.getByTestId('key-saved')).toBeVisible();
  }

  async testConnection(card: Locator): Promise<Locator> {
    await card.getByTestId('profile-test').click();
    const result = card.getByTestId('profile-test-result');
    await expect(result).toBeVisible();
    return result;
  }
}
