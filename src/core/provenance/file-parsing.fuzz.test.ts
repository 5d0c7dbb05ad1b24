import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provenanceSchema } from '../../shared/domain/library';
import { bufferSource, type ByteSource } from './byte-source';
import { DamagedSettingsError, SETTINGS_LIMITS, type SettingsLimits } from './damaged';
import { readProvenance } from './provenance';
import { readSettings } from './read-settings';
import { hostileFile } from './test-support/hostile-arbitraries';

/**
 * Issue 26, "Done when": the PNG, JPEG, WebP and MP4 metadata readers are fed random and adversarial
 * structures (depth, sizes, counts, encodings). Every answer is settings, "none", or the typed
 * DamagedSettingsError; every read is bounded (no single read over the block or the settings bound, and
 * a number of reads bounded by the part cap, whatever the file declares).
 */
const SMALL: SettingsLimits = { maxBytes: 64 * 1024, maxDepth: 16, maxValues: 2_000, maxParts: 500 };
const BLOCK = 256 * 1024;

interface Metered extends ByteSource {
  reads: number;
  largest: number;
  total: number;
}
function metered(bytes: Buffer): Metered {
  const inner = bufferSource(bytes);
  const m: Metered = {
    size: inner.size,
    reads: 0,
    largest: 0,
    total: 0,
    readAt: (into, position) => {
      m.reads++;
      m.largest = Math.max(m.largest, into.length);
      m.total += into.length;
      return inner.readAt(into, position);
    },
  };
  return m;
}

/** The answer is a value, "none", or the clear error; any other throw fails the property. */
async function answer(read: () => Promise<unknown>): Promise<'settings' | 'none' | 'damaged'> {
  try {
    const p = await read();
    if (p === null) return 'none';
    // What reaches the bridge must be valid settings and serialisable (the web host stringifies it).
    expect(provenanceSchema.safeParse(p).success).toBe(true);
    expect(() => JSON.stringify(p)).not.toThrow();
    return 'settings';
  } catch (e) {
    if (e instanceof DamagedSettingsError) {
      expect(e.message).toMatch(/^This file's Atelier settings are damaged: /);
      return 'damaged';
    }
    throw e;
  }
}

describe('file-parsing fuzz: PNG, JPEG, WebP and MP4 metadata readers', () => {
  for (const [name, limits] of [
    ['default bounds', SETTINGS_LIMITS],
    ['small bounds (every cap reached by small files)', SMALL],
  ] as const)
    it(`the structural reader answers a value or a clear error, with bounded reads (${name})`, async () => {
      const seen = new Set<string>();
      await fc.assert(
        fc.asyncProperty(hostileFile, async (file) => {
          const src = metered(file);
          seen.add(await answer(() => readSettings(src, limits)));
          expect(src.largest).toBeLessThanOrEqual(Math.max(BLOCK, limits.maxBytes));
          // At most three reads per part walked (header, keyword or UUID, data), plus the sniff.
          expect(src.reads).toBeLessThanOrEqual(3 * limits.maxParts + 2);
          // Bytes read: whole blocks for headers, and at most four metadata parts within the bound.
          expect(src.total).toBeLessThanOrEqual(src.reads * BLOCK + 4 * limits.maxBytes);
        }),
        { numRuns: 300 },
      );
      // The generators reach every kind of answer (a fuzz that only ever sees "none" proves little).
      expect([...seen].sort()).toEqual(['damaged', 'none', 'settings']);
    }, 120_000);

  it('the byte-slice reader (import folder) answers a value or a clear error too', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(hostileFile, async (file) => {
        seen.add(await answer(async () => readProvenance(file)));
      }),
      { numRuns: 300 },
    );
    expect([...seen].sort()).toEqual(['damaged', 'none', 'settings']);
  }, 120_000);
});
