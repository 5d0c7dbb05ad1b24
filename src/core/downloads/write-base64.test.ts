import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidBase64Error } from './errors';
import { writeBase64File } from './write-base64';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atelier-b64-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(100_001),
]);
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('writeBase64File', () => {
  it('decodes in small steps with the same bytes, sha256 and a sniffed type', async () => {
    const path = join(dir, 'sub', 'img.part');
    const out = await writeBase64File(PNG.toString('base64'), path, { chunkChars: 1001 });
    expect(out).toEqual({ size: PNG.length, sha256: sha(PNG), contentType: 'image/png' });
    expect((await readFile(path)).equals(PNG)).toBe(true);
  });

  it('accepts data URLs, line breaks and base64url', async () => {
    const wrapped = PNG.toString('base64').replace(/.{76}/g, '$&\r\n');
    const a = await writeBase64File(`data:image/webp;base64,${wrapped}`, join(dir, 'a'), {
      chunkChars: 4096,
    });
    expect(a).toMatchObject({ size: PNG.length, sha256: sha(PNG), contentType: 'image/webp' });
    const b = await writeBase64File(PNG.toString('base64url'), join(dir, 'b'));
    expect(b.sha256).toBe(sha(PNG));
  });

  it('replaces an existing temp file', async () => {
    const path = join(dir, 'x');
    await writeBase64File(Buffer.from('a much longer first payload').toString('base64'), path);
    const out = await writeBase64File(Buffer.from('short').toString('base64'), path);
    expect(await readFile(path, 'utf8')).toBe('short');
    expect(out.size).toBe(5);
  });

  it('rejects invalid payloads', async () => {
    await expect(writeBase64File('not*base64!', join(dir, 'c'))).rejects.toBeInstanceOf(InvalidBase64Error);
    await expect(writeBase64File('', join(dir, 'd'))).rejects.toBeInstanceOf(InvalidBase64Error);
    await expect(writeBase64File('QUJD=QUJD', join(dir, 'e'))).rejects.toBeInstanceOf(InvalidBase64Error);
    await expect(writeBase64File('data:image/png,abc', join(dir, 'f'))).rejects.toBeInstanceOf(
      InvalidBase64Error,
    );
  });
});
