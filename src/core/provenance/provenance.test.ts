import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Provenance } from '../../shared/domain/library';
import { withJpegXmp, withWebpXmp } from './jpeg-webp';
import { appendMp4Xmp, type WriteAt } from './mp4';
import { withPngText } from './png';
import { embedProvenance, readProvenance } from './provenance';
import { stripProvenance } from './strip';
import { xmpPacket } from './xmp';

const dir = mkdtempSync(join(tmpdir(), 'atelier-prov-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CLIP = join(import.meta.dirname, '../../../resources/sim/clip-16x9.mp4');
const has = (cmd: string) =>
  spawnSync(cmd, ['-ver'], { stdio: 'ignore' }).status === 0 ||
  spawnSync(cmd, ['-version'], { stdio: 'ignore' }).status === 0;
const HAS_EXIFTOOL = has('exiftool');
const HAS_FFMPEG = has('ffmpeg');

const sample = (over: Partial<Provenance> = {}): Provenance => ({
  app: 'Atelier',
  version: 1,
  taskId: 'task-1',
  remoteId: 'remote-1',
  operationId: 'gateway.text2video',
  model: 'vendora_2.6_text2video',
  prompt: 'a red fox & a <blue> "heron", 雪',
  negativePrompt: 'blur',
  values: { prompt: 'a red fox', duration: 5 },
  extra: {},
  points: 12.5,
  createdAt: 1_700_000_000_000,
  finishedAt: 1_700_000_060_000,
  resultIndex: 0,
  payloadSha256: 'ab'.repeat(32),
  inputs: [{ name: 'in.png', sha256: 'cd'.repeat(32) }],
  parents: [{ taskId: 'parent-1', kind: 'frame' }],
  ...over,
});
const png = (w = 8, h = 6) => PNG.sync.write(new PNG({ width: w, height: h }));
const file = (name: string, bytes: Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
};
const exiftool = (path: string): Record<string, unknown> => {
  const out = JSON.parse(execFileSync('exiftool', ['-j', '-G', '-n', path], { encoding: 'utf8' })) as Record<
    string,
    unknown
  >[];
  return out[0] ?? {};
};
const frameMd5 = (path: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:v', '-f', 'framemd5', '-'], {
    encoding: 'utf8',
  });

describe('writers round-trip any provenance (property)', () => {
  const arb = fc.record({
    prompt: fc.string({ unit: 'grapheme', maxLength: 300 }),
    model: fc.string({ maxLength: 40 }),
    points: fc.option(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    ),
  });
  it('PNG iTXt', () => {
    fc.assert(
      fc.property(arb, (a) => {
        const p = sample(a);
        const out = withPngText(png(), JSON.stringify(p));
        expect(readProvenance(out)).toEqual(p);
        expect(PNG.sync.read(out).width).toBe(8);
        expect(stripProvenance(out).equals(png())).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
  it('the XMP packet is well-formed whatever the prompt holds: no raw markup characters inside elements', () => {
    const risky = fc.string({
      unit: fc.constantFrom('<', '>', '&', '"', "'", 'a', '雪', ' ', ']]>', '&amp;'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(risky, (prompt) => {
        const x = xmpPacket(JSON.stringify(sample({ prompt })), prompt);
        const texts = [
          /<atelier:Provenance>([\s\S]*?)<\/atelier:Provenance>/.exec(x)?.[1],
          /<rdf:li xml:lang="x-default">([\s\S]*?)<\/rdf:li>/.exec(x)?.[1],
        ];
        for (const text of texts) expect(text).not.toMatch(/<|>|&(?!(amp|lt|gt|quot|apos);)/);
        expect(readProvenance(Buffer.from(x))?.prompt).toBe(prompt);
      }),
      { numRuns: 200 },
    );
  });
  it('JPEG and WebP XMP (escaping of <, &, quotes and any Unicode)', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]);
    const webp = Buffer.concat([
      Buffer.from('RIFF\x16\0\0\0WEBPVP8L\x0a\0\0\0\x2f\x03\xc0\x00\x00\0\0\0\0\0', 'latin1'),
    ]);
    fc.assert(
      fc.property(arb, (a) => {
        const p = sample(a);
        const x = xmpPacket(JSON.stringify(p), p.prompt);
        expect(readProvenance(withJpegXmp(jpeg, x))).toEqual(p);
        expect(readProvenance(withWebpXmp(webp, x))).toEqual(p);
      }),
      { numRuns: 60 },
    );
  });
});

describe('faults: malformed files are refused and left untouched', () => {
  it.each([
    ['empty', Buffer.alloc(0)],
    ['a text file', Buffer.from('hello world, not media')],
    ['a truncated PNG', png().subarray(0, 20)],
  ])('%s: no format claimed, bytes unchanged', async (_name, bytes) => {
    const path = file(`fault-${_name.replace(/\W/g, '')}`, bytes);
    const result = await embedProvenance(path, sample()).catch((e: unknown) => e);
    expect(result === null || result instanceof Error).toBe(true);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
  it('a truncated MP4 (box running past the end) throws and is not modified', async () => {
    const bytes = readFileSync(CLIP).subarray(0, 30_000);
    const path = file('trunc.mp4', bytes);
    await expect(embedProvenance(path, sample())).rejects.toThrow(/past the end|truncated/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
  it('an MP4 whose last box says "to the end of file" (size 0) gets its real size, then the XMP box', async () => {
    const bytes = Buffer.from(readFileSync(CLIP));
    // find the mdat box and make it open-ended (it is the last box in the faststart clip)
    let at = 0;
    let mdat = -1;
    while (at < bytes.length) {
      const size = bytes.readUInt32BE(at);
      if (bytes.toString('latin1', at + 4, at + 8) === 'mdat') mdat = at;
      at += size;
    }
    expect(mdat).toBeGreaterThan(0);
    bytes.writeUInt32BE(0, mdat);
    const path = file('open-ended.mp4', bytes);
    await appendMp4Xmp(path, xmpPacket(JSON.stringify(sample()), 'x'));
    expect(readProvenance(readFileSync(path))?.taskId).toBe('task-1');
    expect(readFileSync(path).readUInt32BE(mdat)).toBe(bytes.length - mdat);
  });
  it('a write that fails half way (a full disk) leaves the MP4 byte for byte as it was, open-ended box included', async () => {
    const bytes = Buffer.from(readFileSync(CLIP));
    let at = 0;
    let mdat = -1;
    while (at < bytes.length) {
      if (bytes.toString('latin1', at + 4, at + 8) === 'mdat') mdat = at;
      at += bytes.readUInt32BE(at);
    }
    bytes.writeUInt32BE(0, mdat);
    const path = file('full-disk.mp4', bytes);
    let writes = 0;
    // The size fix lands, then the box is half written before the disk refuses the rest.
    const failing: WriteAt = async (fh, buf, position) => {
      writes++;
      if (writes === 1) return fh.write(buf, 0, buf.length, position);
      await fh.write(buf, 0, Math.floor(buf.length / 2), position);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    await expect(appendMp4Xmp(path, xmpPacket(JSON.stringify(sample()), 'x'), failing)).rejects.toThrow(/ENOSPC/);
    expect(writes).toBe(2);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
  it('readProvenance ignores garbage, foreign iTXt and broken JSON', () => {
    expect(readProvenance(Buffer.from('<atelier:Provenance>{not json</atelier:Provenance>'))).toBeNull();
    expect(readProvenance(withPngText(png(), '{"app":"Other"}'))).toBeNull();
    expect(readProvenance(Buffer.alloc(1000, 7))).toBeNull();
  });
});

// Skipped only where exiftool is not installed (CI installs libimage-exiftool-perl, so it runs there).
describe.skipIf(!HAS_EXIFTOOL)('an independent reader (exiftool) sees what core writes', () => {
  it('PNG: the iTXt text is the provenance JSON', async () => {
    const path = file('read.png', png(16, 9));
    expect(await embedProvenance(path, sample())).toBe('png');
    const tags = exiftool(path);
    expect(JSON.parse(String(tags['PNG:Atelier']))).toEqual(sample());
    expect(tags['ExifTool:Warning']).toBeUndefined();
    expect(tags['PNG:ImageWidth']).toBe(16);
  });
  it('MP4: XMP provenance, prompt and creator tool; duration still 3 s', async () => {
    const path = join(dir, 'read.mp4');
    copyFileSync(CLIP, path);
    expect(await embedProvenance(path, sample())).toBe('mp4');
    const tags = exiftool(path);
    expect(JSON.parse(String(tags['XMP:Provenance']))).toEqual(sample());
    expect(tags['XMP:CreatorTool']).toBe('Atelier');
    expect(tags['XMP:Description']).toBe(sample().prompt);
    expect(Number(tags['QuickTime:Duration'])).toBeCloseTo(3, 1);
  });
  it('JPEG: XMP APP1 segment', () => {
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
    ]);
    const path = file('read.jpg', withJpegXmp(jpeg, xmpPacket(JSON.stringify(sample()), sample().prompt)));
    expect(JSON.parse(String(exiftool(path)['XMP:Provenance']))).toEqual(sample());
  });
});

// Skipped only where ffmpeg is not installed (CI installs it, so it runs there).
describe.skipIf(!HAS_FFMPEG)('the annotated MP4 still decodes and its media payload is unchanged', () => {
  it('the original bytes are an exact prefix, and every decoded frame has the same md5', async () => {
    const path = join(dir, 'play.mp4');
    copyFileSync(CLIP, path);
    await embedProvenance(path, sample());
    const original = readFileSync(CLIP);
    const annotated = readFileSync(path);
    expect(annotated.subarray(0, original.length).equals(original)).toBe(true);
    expect(stripProvenance(annotated).equals(original)).toBe(true);
    const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    expect(decode.stderr).toBe('');
    expect(frameMd5(path)).toBe(frameMd5(CLIP));
    expect(
      frameMd5(path)
        .split('\n')
        .filter((l) => /^0,/.test(l)),
    ).toHaveLength(72);
  });
});
