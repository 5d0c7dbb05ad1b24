import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { charRefJpeg, deepPng } from '../core/provenance/test-support/hostile-files';
import type { Handlers } from '../shared/bridge';
import { boot, type Booted } from './test-support/boot';

vi.mock('electron', async () => (await import('./test-support/electron-recorder')).electronModule);

/**
 * Issue 26 item 1 over IPC: hostile files staged by path (as the desktop drop does) and inspected answer a
 * clear "damaged" error, and a handler that throws anything answers `internal`; main keeps answering.
 */
let b: Booted;
beforeEach(async () => {
  b = await boot();
});
afterEach(async () => b.close());

async function stage(name: string, bytes: Buffer): Promise<string> {
  const path = join(b.dir, name);
  writeFileSync(path, bytes);
  const staged = await b.invoke('stageInputFromPath', { path });
  if (!staged.ok) throw new Error(`staging failed: ${JSON.stringify(staged.error)}`);
  return (staged.value as { id: string }).id;
}

describe('inspectInput over IPC', () => {
  it('a PNG nested 6,000 deep and a JPEG with &#99999999; answer "damaged settings"', async () => {
    for (const [name, bytes] of [
      ['deep.png', deepPng()],
      ['charref.jpg', charRefJpeg()],
    ] as const)
      expect(await b.invoke('inspectInput', { id: await stage(name, bytes) })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/settings are damaged/) },
      });
    expect((await b.invoke('listBoards', {})).ok).toBe(true);
  });

  it('a handler that throws a value that cannot even be printed answers internal, not a rejected invoke', async () => {
    const handlers = b.running.core.handlers as Record<keyof Handlers, unknown>;
    handlers.listNotices = () => Promise.reject(Object.create(null) as object);
    expect(await b.invoke('listNotices', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'listNotices failed unexpectedly' },
    });
    expect((await b.invoke('listBoards', {})).ok).toBe(true);
  });
});
