import { expect, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import type { OperationId } from '../../src/shared/operations/ids';

/** A file as setInputFiles takes it. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A solid-colour PNG (64×64 by default) as a file payload for setInputFiles. */
export function pngFile(name: string, rgb: [number, number, number] = [120, 90, 240], w = 64, h = 64): { name: string; mimeType: string; buffer: Buffer } {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const buffer = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return { name, mimeType: 'image/png', buffer };
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A short WAV of silence (3 s by default: the avatar takes 2–60 s), for the avatar's audio. */
export function wavFile(name = 'voice.wav', seconds = 3): { name: string; mimeType: string; buffer: Buffer } {
  const samples = Math.round(8000 * seconds);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return { name, mimeType: 'audio/wav', buffer: b };
}

/** The operation form of the studio, as a test sees it. */
export class FormsPage {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByTestId('operation-form');
  }
  field(name: string): Locator {
    return this.form.getByTestId(`field-${name}`);
  }
  input(name: string): Locator {
    return this.form.getByTestId(`field-input-${name}`);
  }
  issue(name: string): Locator {
    return this.form.getByTestId(`issue-${name}`);
  }
  get generate(): Locator {
    return this.form.getByTestId('generate');
  }
  get summary(): Locator {
    return this.form.getByTestId('form-summary');
  }
  get notice(): Locator {
    return this.form.getByTestId('form-notice');
  }

  async open(op: OperationId): Promise<void> {
    await this.page.getByTestId(`op-${op}`).click();
    await expect(this.form).toHaveAttribute('data-op', op);
  }

  /**
   * Opens `op`'s form emptied: Advanced opened for its Reset, Reset pressed (a draft left by an earlier test
   * is gone), then `files`, when given, added to the media field `field`.
   */
  async openFresh(op: OperationId, media?: { field: string; files: FilePayload[] }): Promise<void> {
    await this.open(op);
    await this.advancedToggle.click();
    await this.form.getByTestId('reset-form').click();
    if (media) await this.addFiles(media.field, media.files);
  }

  async fill(name: string, text: string): Promise<void> {
    await this.input(name).fill(text);
  }

  /** Adds files to a media field through its file dialog input. */
  async addFiles(field: string, files: FilePayload[]): Promise<void> {
    await this.form.getByTestId(`media-${field}-file`).first().setInputFiles(files);
  }

  async chooseChip(field: string, value: string): Promise<void> {
    await this.field(field).locator(`[role=radio][data-value="${value}"]`).click();
  }

  /** Sets ×N beside Generate with its − / + stepper. */
  async setBatchCount(n: number): Promise<void> {
    const value = this.form.getByTestId('batch-count');
    for (let i = 0; i < 10; i++) {
      const now = Number((await value.textContent())?.replace(/\D/g, ''));
      if (now === n) return;
      await this.form.getByTestId(now < n ? 'batch-count-up' : 'batch-count-down').click();
      await expect(value).not.toHaveText(`×${now}`);
    }
    await expect(value).toHaveText(`×${n}`);
  }

  async setTheme(theme: 'light' | 'dark'): Promise<void> {
    await this.page.getByTestId('open-settings').click();
    await this.page.getByTestId('theme').locator(`[data-value="${theme}"]`).click();
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
    await this.page.keyboard.press('Escape');
  }

  /** Adds a link to a single media field through its Link button. */
  async addLink(field: string, url: string): Promise<void> {
    await this.field(field).getByRole('button', { name: 'Link' }).click();
    await this.field(field).getByTestId('media-url-input').fill(url);
    await this.page.keyboard.press('Enter');
  }

  /** The Advanced row's toggle (its summary). */
  get advancedToggle(): Locator {
    return this.form.getByTestId('advanced').locator('summary');
  }

  /** What covers the centre of `target` (class names, or its tag), or null when `target` itself is hit there. */
  async coveredBy(target: Locator): Promise<string | null> {
    return target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (hit && el.contains(hit)) return null;
      return hit ? hit.getAttribute('class') || hit.tagName : 'nothing';
    });
  }

  /** Presses Generate, reads the new task id from the "Sent" notice, and waits for it to succeed in the gallery. */
  /** Opens the inline mask painter and paints one stroke across the middle of the picture. */
  async paintMaskStroke(): Promise<void> {
    await this.form.getByTestId('paint-mask').click();
    const viewport = this.page.getByTestId('mp-viewport');
    await expect(this.page.getByTestId('mp-canvas')).toBeVisible();
    await viewport.scrollIntoViewIfNeeded();
    const box = await viewport.boundingBox();
    if (!box) throw new Error('no painter');
    await this.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 12 });
    await this.page.mouse.up();
  }

  async submitAndExpectSuccess(timeout = 45_000): Promise<string> {
    await this.generate.click();
    const notice = this.form.getByTestId('form-notice');
    await expect(notice).toHaveAttribute('data-kind', 'sent');
    const id = await notice.getAttribute('data-task-id');
    if (!id) throw new Error('no task id in the notice');
    const tile = this.page.getByTestId('gallery').locator(`[data-testid="task-tile"][data-task-id="${id}"]`);
    await expect(tile).toHaveAttribute('data-status', 'succeeded', { timeout });
    await expect(tile.locator('img, video').first()).toBeVisible();
    return id;
  }
}
