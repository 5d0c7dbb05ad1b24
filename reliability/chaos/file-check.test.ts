import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { embedProvenance } from '../../src/core/provenance/provenance';
import type { Provenance } from '../../src/shared/domain/library';
import { fileProblem } from './file-check';

const dir = mkdtempSync(join(tmpdir(), 'atelier-chaos-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CLIP = join(import.meta.dirname, '../../resources/sim/clip-16x9.mp4');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const prov = (payloadSha256: string): Provenance => ({
  app: 'Atelier',
  version: 1,
  taskId: 't',
  remoteId: 'r',
  operationId: 'gateway.text2image',
  model: 'm',
  prompt: 'a fox [chaos-1-1]',
  negativePrompt: null,
  points: null,
  values: {},
  extra: {},
  createdAt: 1,
  finishedAt: 2,
  resultIndex: 0,
  payloadSha256,
  inputs: [],
  parents: [],
});

/** The payload as served, and the library file as finalize leaves it (payload + embedded provenance). */
async function annotated(name: string, payload: Buffer): Promise<Buffer> {
  const path = join(dir, name);
  writeFileSync(path, payload);
  expect(await embedProvenance(path, prov(sha(payload)))).not.toBeNull();
  const out = readFileSync(path);
  expect(out.equals(payload)).toBe(false); // the metadata really is in the file
  return out;
}

describe('chaos verifier: a result file is the served payload plus our metadata, nothing else', () => {
  const png = PNG.sync.write(new PNG({ width: 16, height: 9 }));
  const clip = readFileSync(CLIP);

  it('an annotated PNG and an annotated MP4 are not corrupt', async () => {
    for (const [name, payload] of [
      ['ok.png', png],
      ['ok.mp4', clip],
    ] as const) {
      const file = await annotated(name, payload);
      expect(fileProblem(file, sha(payload), { sha256: sha(payload), size: payload.length })).toBeNull();
    }
  });

  it('a truncated, altered or padded file is still corrupt', async () => {
    for (const [name, payload] of [
      ['t.png', png],
      ['t.mp4', clip],
    ] as const) {
      const file = await annotated(name, payload);
      const served = { sha256: sha(payload), size: payload.length };
      expect(fileProblem(file.subarray(0, file.length - 40), sha(payload), served)).toMatch(/does not match/);
      const altered = Buffer.from(file);
      const at = Math.floor(payload.length / 2);
      altered[at] = (altered[at] ?? 0) ^ 0xff;
      expect(fileProblem(altered, sha(payload), served)).toMatch(/does not match/);
      expect(fileProblem(Buffer.concat([file, Buffer.from('junk')]), sha(payload), served)).not.toBeNull();
    }
  });

  it("the task's recorded sha256 must be the simulator's", async () => {
    const file = await annotated('s.png', png);
    const other = Buffer.from(png);
    other[other.length - 1] = (other[other.length - 1] ?? 0) ^ 1;
    // File and task agree with each other, but not with what the simulator served.
    expect(fileProblem(file, sha(png), { sha256: sha(other), size: png.length })).toMatch(/simulator/);
    expect(fileProblem(file, sha(png), { sha256: sha(png), size: png.length + 1 })).toMatch(/simulator/);
  });
});
