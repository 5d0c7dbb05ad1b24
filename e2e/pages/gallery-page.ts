import { expect, type Locator, type Page } from '@playwright/test';

/** The gallery panel and its lightbox, as a user sees them. */
export class GalleryPage {
  readonly root: Locator;
  readonly search: Locator;
  readonly tiles: Locator;
  readonly rows: Locator;
  readonly lightbox: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('gallery');
    this.search = page.getByTestId('gallery-search');
    this.tiles = page.getByTestId('task-tile');
    this.rows = page.getByTestId('task-row');
    this.lightbox = page.getByTestId('lightbox');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.root).toBeVisible();
  }

  tile(id: string): Locator {
    return this.page.locator(`[data-testid="task-tile"][data-task-id="${id}"]`);
  }

  chip(group: string): Locator {
    return this.page.getByTestId(`chip-${group}`);
  }

  async count(group: string): Promise<number> {
    return Number((await this.page.getByTestId(`count-${group}`).innerText()).replace(/[^\d]/g, ''));
  }

  async total(): Promise<number> {
    return Number(await this.root.getAttribute('data-total'));
  }

  async menuAction(id: string, action: string): Promise<void> {
    const tile = this.tile(id);
    await tile.hover();
    await tile.getByTestId('task-menu').click();
    await this.page.getByTestId(`action-${action}`).click();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screenshots/gallery/${name}.png` });
  }
}
