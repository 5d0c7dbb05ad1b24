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

  /**
   * A picture of the whole window once what it shows has arrived: the form column's chunk (loaded after the
   * first paint) and the pictures of the tiles in view. A picture taken at the first tile caught the form
   * column empty and video tiles without their posters.
   */
  async screenshot(name: string): Promise<void> {
    if ((await this.page.getByTestId('form-column').count()) > 0)
      await this.page.getByTestId('operation-form').first().waitFor({ state: 'visible' });
    await this.page
      .waitForFunction(
        () =>
          [...document.images].every((img) => {
            const r = img.getBoundingClientRect();
            const inView = r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
            return !inView || img.complete;
          }),
        undefined,
        { timeout: 5_000 },
      )
      // Still loading after 5 s: the picture is taken as it is (it is for looking at, not a check).
      .catch(() => undefined);
    await this.page.screenshot({ path: `test-results/screenshots/gallery/${name}.png` });
  }
}
