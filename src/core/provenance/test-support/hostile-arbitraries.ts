import fc from 'fast-check';
import { XMP_UUID } from '../mp4';
import {
  box,
  escapeXml,
  ftyp,
  jpegWithXmp,
  mp4WithXmp,
  pngWithSettings,
  settingsJson,
  tinyJpeg,
  tinyPng,
  tinyWebp,
  webpWithXmp,
  xmpWith,
} from './hostile-files';

/** Random and adversarial settings texts: deep, wide, huge strings, broken JSON, odd characters. */
export const settingsText: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => settingsJson(JSON.stringify(v) ?? 'null')),
  fc
    .tuple(fc.integer({ min: 1, max: 12_000 }), fc.boolean())
    .map(([depth, objects]) =>
      settingsJson(objects ? '{"a":'.repeat(depth) + '0' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth)),
    ),
  fc.integer({ min: 0, max: 150_000 }).map((n) => settingsJson(`[${'0,'.repeat(n)}0]`)),
  fc.integer({ min: 0, max: 300_000 }).map((n) => settingsJson(JSON.stringify('x'.repeat(n)))),
  fc.string({ unit: 'binary', maxLength: 200 }).map((s) => settingsJson(JSON.stringify(s))),
  fc.string({ maxLength: 300 }),
  fc
    .tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat())
    .map(([v, cut]) => {
      const t = settingsJson(JSON.stringify(v) ?? 'null');
      return t.slice(0, cut % (t.length + 1));
    }),
);

/** An XMP packet around a settings text, sometimes with raw character references spliced in. */
const xmpPacket: fc.Arbitrary<string> = fc.oneof(
  settingsText.map((t) => xmpWith(escapeXml(t))),
  fc
    .tuple(settingsText, fc.oneof(fc.integer({ min: -5, max: 0x11ffff }), fc.constantFrom(0xd800, 0xdfff, 99_999_999, 0)))
    .map(([t, cp]) => xmpWith(escapeXml(t).replace('task-hostile', `t&#${cp};&#x${Math.abs(cp).toString(16)};`))),
  fc.string({ unit: 'binary', maxLength: 500 }).map((s) => `<atelier:Provenance>${s}</atelier:Provenance>`),
);

/** A well-formed file of each format carrying hostile settings. */
const carrier: fc.Arbitrary<Buffer> = fc.oneof(
  settingsText.map(pngWithSettings),
  xmpPacket.filter((x) => Buffer.byteLength(x) < 60_000).map(jpegWithXmp),
  xmpPacket.map(webpWithXmp),
  fc.tuple(xmpPacket, fc.integer({ min: 0, max: 3_000 })).map(([x, n]) =>
    mp4WithXmp(x, Array.from({ length: n }, () => box('free'))),
  ),
);

/** Bare containers with random parts: declared lengths that lie, many tiny parts, truncated headers. */
const lyingLength = fc.oneof(
  fc.constantFrom(0, 1, 7, 8, 0xffff, 0x7fffffff, 0xffffffff),
  fc.integer({ min: 0, max: 0xffffffff }),
);
const rawParts: fc.Arbitrary<Buffer> = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom('iTXt', 'IDAT', 'IEND', 'tEXt'), lyingLength, fc.uint8Array({ maxLength: 64 })), { maxLength: 40 }).map(
    (parts) =>
      Buffer.concat([
        tinyPng().subarray(0, 33),
        ...parts.map(([type, len, data]) => {
          const head = Buffer.alloc(8);
          head.writeUInt32BE(len, 0);
          head.write(type, 4, 'latin1');
          return Buffer.concat([head, type === 'iTXt' ? Buffer.from('atelier\0\0\0\0\0', 'latin1') : Buffer.alloc(0), data, Buffer.alloc(4)]);
        }),
      ]),
  ),
  fc.array(fc.tuple(fc.constantFrom(0xe1, 0xe0, 0xd0, 0xff, 0xda, 0x01), fc.integer({ min: 0, max: 0xffff }), fc.uint8Array({ maxLength: 64 })), { maxLength: 40 }).map(
    (parts) =>
      Buffer.concat([
        tinyJpeg().subarray(0, 2),
        ...parts.map(([marker, len, data]) => {
          const head = Buffer.from([0xff, marker, len >> 8, len & 0xff]);
          return Buffer.concat([head, marker === 0xe1 ? Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1') : Buffer.alloc(0), data]);
        }),
      ]),
  ),
  fc.array(fc.tuple(fc.constantFrom('XMP ', 'VP8X', 'EXIF', 'ALPH'), lyingLength, fc.uint8Array({ maxLength: 64 })), { maxLength: 40 }).map(
    (parts) =>
      Buffer.concat([
        tinyWebp().subarray(0, 12),
        ...parts.map(([type, len, data]) => {
          const head = Buffer.alloc(8);
          head.write(type, 0, 'latin1');
          head.writeUInt32LE(len, 4);
          return Buffer.concat([head, data]);
        }),
      ]),
  ),
  fc.array(fc.tuple(fc.constantFrom('uuid', 'free', 'mdat', 'moov'), fc.oneof(lyingLength, fc.constant(1)), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.uint8Array({ maxLength: 64 })), { maxLength: 40 }).map(
    (parts) =>
      Buffer.concat([
        ftyp(),
        ...parts.map(([type, len, large, data]) => {
          const head = Buffer.alloc(len === 1 ? 16 : 8);
          head.writeUInt32BE(len, 0);
          head.write(type, 4, 'latin1');
          if (len === 1) head.writeBigUInt64BE(large, 8);
          return Buffer.concat([head, type === 'uuid' ? XMP_UUID : Buffer.alloc(0), data]);
        }),
      ]),
  ),
);

/** Random damage to a file: flipped bytes, a cut, an overwritten length, garbage appended. */
const mutate = (file: Buffer): fc.Arbitrary<Buffer> =>
  fc.oneof(
    fc.constant(file),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
      const out = Buffer.from(file);
      for (const [at, v] of flips) out[at % out.length] = v;
      return out;
    }),
    fc.nat().map((cut) => file.subarray(0, cut % (file.length + 1))),
    fc.tuple(fc.nat(), lyingLength).map(([at, len]) => {
      const out = Buffer.from(file);
      const p = at % Math.max(1, out.length - 4);
      if (out.length >= 4) out.writeUInt32BE(len, p);
      return out;
    }),
    fc.uint8Array({ maxLength: 256 }).map((junk) => Buffer.concat([file, junk])),
  );

/** Every kind of hostile file the readers are fed. */
export const hostileFile: fc.Arbitrary<Buffer> = fc.oneof(
  { arbitrary: carrier.chain(mutate), weight: 3 },
  { arbitrary: rawParts, weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)), weight: 1 },
);
