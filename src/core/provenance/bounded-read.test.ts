import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferSource, type ByteSource } from './byte-source';
import { DamagedSettingsError, SETTINGS_LIMITS } from './damaged';
import { appendMp4Xmp, MAX_TOP_LEVEL_BOXES, walkTopLevelBoxes } from './mp4';
import { readProvenance } from './provenance';
import { readSettings } from './read-settings';
import {
  box,
  charRefJpeg,
  deepPng,
  escapeXml,
  ftyp,
  jpegWithXmp,
  mp4WithXmp,
  nested,
  pngWithSettings,
  settingsJson,
  webpWithXmp,
  xmpBox,
  xmpWith,
} from './test-support/hostile-files';

const dir = mkdtempSync(join(tmpdir(), 'atelier-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A source that records every read, to prove what a reader touched. */
function recording(bytes: Buffer): ByteSource & { reads: number[] } {
  const inner = bufferSource(bytes);
  const reads: number[] = [];
  return {
    size: inner.size,
    reads,
    readAt: (into, position) => {
      reads.push(into.length);
      return inner.readAt(into, position);
    },
  };
}
const damage = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof DamagedSettingsError ? e.reason : e),
  );

describe('damaged settings are a typed error, never a RangeError (issue 26 items 1 and 13)', () => {
  it('a PNG whose settings nest 6,000 arrays deep', async () => {
    expect(await damage(readSettings(bufferSource(deepPng())))).toBe('too-deep');
    expect(() => readProvenance(deepPng())).toThrow(DamagedSettingsError);
    // 64 levels are still read (the bound, not a ban on nesting).
    const ok = await readSettings(bufferSource(pngWithSettings(settingsJson(nested(60)))));
    expect(ok?.taskId).toBe('task-hostile');
  });

  it('a JPEG XMP with &#99999999; (and other references XML forbids) is damaged text', async () => {
    expect(await damage(readSettings(bufferSource(charRefJpeg())))).toBe('bad-text');
    expect(() => readProvenance(charRefJpeg())).toThrow(/damaged/);
    for (const ref of ['&#0;', '&#xD800;', '&#x110000;', '&#1114112;'])
      expect(await damage(readSettings(bufferSource(jpegWithXmp(xmpWith(escapeXml(settingsJson(`"${ref}"`)).replace('&amp;#', '&#'))))))).toBe('bad-text');
    const fine = jpegWithXmp(xmpWith(escapeXml(settingsJson('"x"')).replace('task-hostile', 'task-&#x96EA;&#8364;')));
    expect((await readSettings(bufferSource(fine)))?.taskId).toBe('task-雪€');
  });

  it('settings holding too many values', async () => {
    const many = `[${Array.from({ length: SETTINGS_LIMITS.maxValues + 1 }, () => '0').join(',')}]`;
    expect(await damage(readSettings(bufferSource(pngWithSettings(settingsJson(many)))))).toBe('too-many-values');
  });

  it('settings larger than the bound are not read at all: the reader peeks at the part and stops', async () => {
    const huge = settingsJson(JSON.stringify('x'.repeat(SETTINGS_LIMITS.maxBytes + 10)));
    for (const file of [pngWithSettings(huge), webpWithXmp(xmpWith(escapeXml(huge))), mp4WithXmp(xmpWith(escapeXml(huge)))]) {
      const src = recording(file);
      expect(await damage(readSettings(src))).toBe('too-large');
      expect(Math.max(...src.reads)).toBeLessThanOrEqual(256 * 1024);
    }
    // A foreign XMP packet that large is someone else's: no settings, and no error.
    const foreign = mp4WithXmp(`<x:xmpmeta>${'y'.repeat(SETTINGS_LIMITS.maxBytes + 10)}</x:xmpmeta>`);
    expect(await readSettings(bufferSource(foreign))).toBeNull();
  });
});

describe('a large file the drop dialog cut to its first and last megabytes still shows its settings', () => {
  const MB = 1024 * 1024;
  /** What the renderer sends for a file over 4 MiB (FileDropDialog's headAndTail). */
  const headAndTail = (b: Buffer) => Buffer.concat([b.subarray(0, 2 * MB), b.subarray(b.length - 2 * MB)]);
  const packet = xmpWith(escapeXml(settingsJson('{"seed":3}')));

  it('MP4: the XMP box after a 6 MB mdat', async () => {
    const mp4 = mp4WithXmp(packet, [box('mdat', Buffer.alloc(6 * MB))]);
    expect((await readSettings(bufferSource(headAndTail(mp4))))?.values).toEqual({ v: { seed: 3 } });
  });

  it('WebP: the XMP chunk after 6 MB of image data', async () => {
    const riff = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data]);
    };
    const body = Buffer.concat([riff('VP8X', Buffer.alloc(10)), riff('VP8L', Buffer.alloc(6 * MB)), riff('XMP ', Buffer.from(packet))]);
    const webp = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), body]);
    webp.writeUInt32LE(webp.length - 8, 4);
    expect((await readSettings(bufferSource(headAndTail(webp))))?.taskId).toBe('task-hostile');
    // Cut inside a packet longer than the tail window: damaged, not silently "none".
    const cut = Buffer.concat([ftyp(), box('mdat', Buffer.alloc(16)).subarray(0, 8), Buffer.from(`${packet.slice(0, 60)}${'x'.repeat(64)}`)]);
    cut.writeUInt32BE(1 << 30, ftyp().length);
    expect(await damage(readSettings(bufferSource(cut), { ...SETTINGS_LIMITS, maxBytes: 100 }))).toBe('too-large');
  });
});

describe('the MP4 box walk is bounded in time and memory (issue 26 item 5)', () => {
  const eightByteBoxes = (n: number) => Buffer.concat([ftyp(), Buffer.concat(Array.from({ length: n }, () => box('free')))]);
  const counting = async (path: string) => {
    const fh = await open(path, 'r');
    let reads = 0;
    const wrapped = {
      stat: () => fh.stat(),
      read: (...args: Parameters<FileHandle['read']>) => {
        reads++;
        return fh.read(...args);
      },
    } as unknown as FileHandle;
    return { fh, wrapped, reads: () => reads };
  };

  it('reads headers in large blocks, not one read per box', async () => {
    const path = join(dir, 'boxes.mp4');
    writeFileSync(path, eightByteBoxes(50_000)); // 400 KB of 8-byte boxes
    const c = await counting(path);
    try {
      const walked = await walkTopLevelBoxes(c.wrapped);
      expect(walked.count).toBe(50_001);
      expect(walked.last).toMatchObject({ type: 'free', size: 8 });
      expect(c.reads()).toBeLessThanOrEqual(2);
    } finally {
      await c.fh.close();
    }
  });

  it('refuses a file of more boxes than the cap, and leaves it as it was', async () => {
    const path = join(dir, 'too-many.mp4');
    const bytes = eightByteBoxes(MAX_TOP_LEVEL_BOXES + 5);
    writeFileSync(path, bytes);
    await expect(appendMp4Xmp(path, '<x/>')).rejects.toThrow(/more than 100000 top-level boxes/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('the settings reader stops at the cap too (and still finds settings before it)', async () => {
    const many = Array.from({ length: 2_000 }, () => box('free'));
    const found = mp4WithXmp(xmpWith(escapeXml(settingsJson('"x"'))), many);
    expect((await readSettings(bufferSource(found)))?.taskId).toBe('task-hostile');
    const src = recording(found);
    expect(await readSettings(src, { ...SETTINGS_LIMITS, maxParts: 1_000 })).toBeNull();
    expect(src.reads.length).toBeLessThanOrEqual(2);
    // Declared sizes past the end, zero and 64-bit sizes end the walk instead of looping.
    const big = Buffer.alloc(16);
    big.writeUInt32BE(1, 0);
    big.write('free', 4, 'latin1');
    big.writeBigUInt64BE(2n ** 62n, 8);
    expect(await readSettings(bufferSource(Buffer.concat([ftyp(), big, xmpBox('x')])))).toBeNull();
  });
});
