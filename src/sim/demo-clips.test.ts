import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_PALETTES, clipFileName, clipPaletteFor, resolveResourcesDir } from './media';
import type { Simulator } from './types';
import { AUTH, call, download, pick, pollUntil, startTestSim } from './test-helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const terminal = (r: { body: unknown }) =>
  ['completed', 'failed', 'cancelled'].includes(String(pick(r.body, 'status')));

/** Creates a 16:9 video over HTTP and downloads its bytes. */
async function clipFor(prompt: string): Promise<Buffer> {
  const sub = await call(sim, 'POST', '/v1/videos', { model: 'sora-2', prompt, size: '1280x720' });
  expect(sub.status).toBe(200);
  const id = String(sub.body.id);
  await pollUntil(() => call(sim, 'GET', `/v1/videos/${id}`), terminal, 'status');
  const got = await download(`${sim.baseUrl}/v1/videos/${id}/content`, AUTH);
  expect(got.status).toBe(200);
  return Buffer.from(got.bytes);
}

describe('demo clips are told apart by the prompt', () => {
  it('every palette has a committed clip for every shape', () => {
    const dir = resolveResourcesDir(undefined);
    for (const palette of CLIP_PALETTES)
      for (const shape of ['16x9', '9x16', '1x1'] as const)
        expect(readFileSync(join(dir, clipFileName(shape, palette))).length).toBeGreaterThan(10_000);
  });

  it('different prompts get differently coloured clips; the same prompt gets the same one', async () => {
    const prompts = ['a lighthouse at dawn', 'neon city rain', 'a fox in the snow', 'desert dunes at noon'];
    const palettes = new Set(prompts.map(clipPaletteFor));
    expect(palettes.size).toBeGreaterThan(1);
    const dir = resolveResourcesDir(undefined);
    const served = new Map<string, string>();
    for (const prompt of prompts) {
      const bytes = await clipFor(prompt);
      const expected = readFileSync(join(dir, clipFileName('16x9', clipPaletteFor(prompt))));
      expect(bytes.equals(expected), prompt).toBe(true);
      served.set(prompt, bytes.toString('base64'));
    }
    expect(new Set(served.values()).size).toBe(palettes.size);
    expect((await clipFor(prompts[0] ?? '')).toString('base64')).toBe(served.get(prompts[0] ?? ''));
  });
});
