import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { startSimulator, type Simulator } from '../../sim';
import { OPERATIONS } from '../../shared/operations/catalog';
import { startTestCore, type TestCore } from '../test-support/core-harness';
import { valuesFor } from './operation-values.test-support';
import { readProvenance } from '../provenance/provenance';
import { stripProvenance } from '../provenance/strip';
import { thumbnailName } from '../../shared/domain/thumbnail';

let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'test-key', speed: 'instant' });
  t = await startTestCore(sim);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('every operation of every family, end to end against the simulator', () => {
  for (const op of OPERATIONS) {
    it(`${op.id}: submit → final state → files on disk with the simulator's size and sha256`, async () => {
      const submitted = await t.core.handlers.submitTask({
        operationId: op.id,
        values: await valuesFor(t.core, op.id),
        extra: {},
      });
      const final = await t.settled(submitted.id);
      expect(final.status, final.error ?? '').toBe('succeeded');
      expect(final.results.length).toBeGreaterThan(0);
      const library = t.core.mediaRoots().library;
      for (const r of final.results) {
        expect(r.state).toBe('done');
        const path = join(library, r.file ?? '');
        expect(existsSync(path)).toBe(true);
        const file = readFileSync(path);
        // The file carries how it was made; without that metadata it is the payload, byte for byte.
        expect(readProvenance(file)?.taskId).toBe(final.id);
        const bytes = stripProvenance(file);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(r.sha256);
        if (op.output === 'image') {
          // No thumbnail at download time: the gallery's first request for one makes it, once.
          expect(r.thumbnail).toBeNull();
          const name = thumbnailName(final.id, r.index);
          const served = await t.core.resolveMedia(`thumbs/${name}`);
          expect(served).toBe(join(t.core.mediaRoots().thumbs, name));
          expect(existsSync(served ?? '')).toBe(true);
          // …and the task records it, so later requests are served as found.
          expect(t.core.store.get(final.id)?.results[r.index]?.thumbnail).toBe(name);
        }
        if (op.family === 'imageEdit') {
          // Inline b64 result: a real PNG of the source's size (the mask was honoured by the simulator).
          const png = PNG.sync.read(bytes);
          expect([png.width, png.height]).toEqual([64, 48]);
        } else {
          const source =
            op.family === 'videos'
              ? `${sim.baseUrl}/v1/videos/${final.remoteId}/content`
              : (r.remoteUrl ?? '');
          const described = sim.describeResult(source);
          expect(described, `simulator knows ${source}`).toBeDefined();
          expect(bytes.length).toBe(described?.size);
          expect(r.sha256).toBe(described?.sha256);
        }
      }
      // The request carried the model with the vendor filled in where the catalog uses {vendor}.
      expect(final.model).not.toContain('{vendor}');
    });
  }

  it('the image edit request carries image and mask but never input_fidelity', async () => {
    const entry = sim.log.filter((e) => e.path === '/v1/images/edits').at(-1);
    expect(entry?.form).toBeDefined();
    expect(Object.keys(entry?.form ?? {})).not.toContain('input_fidelity');
    expect(entry?.files?.map((f) => f.field).sort()).toEqual(['image', 'mask']);
  });

  it('history survives a restart: a new core over the same data dir lists the same tasks', async () => {
    const before = await t.core.handlers.listTasks({ filter: { sort: 'newest' }, cursor: null, limit: 100 });
    const again = await startTestCore(sim, { dataDir: t.dataDir });
    try {
      const after = await again.core.handlers.listTasks({
        filter: { sort: 'newest' },
        cursor: null,
        limit: 100,
      });
      expect(after.total).toBe(before.total);
      expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
      const found = await again.core.handlers.listTasks({
        filter: { sort: 'newest', search: 'lighthouse' },
        cursor: null,
        limit: 100,
      });
      // Every task but the avatar video (which has no prompt) mentions the lighthouse.
      expect(found.total).toBe(before.items.filter((i) => i.prompt.includes('lighthouse')).length);
      expect(found.total).toBeGreaterThan(5);
    } finally {
      await again.close({ keepDir: true });
    }
  });
});
