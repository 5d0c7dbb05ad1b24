import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { s3ForFile } from '../test-support/s3-for-file';
import { S3RVER_CREDENTIALS } from '../test-support/test-s3';
import { S3MediaStore } from './s3-media-store';

/** Small results into S3 through the real AWS SDK, against s3rver (which refuses a conditional PUT of a key it has, as S3 does). */
const { s3, dir } = s3ForFile('s3-put');

function result(name: string): { file: string; hash: string; bytes: Buffer } {
  const bytes = randomBytes(40_000);
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return { file, hash: createHash('sha256').update(bytes).digest('hex'), bytes };
}

it('a small result goes up in one request (no HEAD first); storing it again sends nothing new and keeps the object', async () => {
  const { file, hash, bytes } = result('one.png');
  const store = new S3MediaStore({ ...s3().location, prefix: 'conditional' }, S3RVER_CREDENTIALS);
  const requests = s3().requests ?? [];
  const before = requests.length;
  expect(await store.put(file, hash, 'image/png')).toMatchObject({ uploaded: true });
  expect(requests.slice(before).map((r) => `${r.method} ${r.status}`)).toEqual(['PUT 200']);

  // Another machine (a store of its own, nothing remembered) stores the same bytes: the PUT is refused, not repeated.
  const other = new S3MediaStore({ ...s3().location, prefix: 'conditional' }, S3RVER_CREDENTIALS);
  const again = requests.length;
  expect(await other.put(file, hash, 'image/png')).toMatchObject({ uploaded: false });
  expect(requests.slice(again).map((r) => `${r.method} ${r.status}`)).toEqual(['PUT 412']);

  const back = join(dir, 'back.png');
  await other.fetchTo(hash, back);
  expect(readFileSync(back).equals(bytes)).toBe(true);
  store.destroy();
  other.destroy();
});

it('bytes the caller has read already are sent from memory: the file is not read again', async () => {
  const { file, hash, bytes } = result('read-once.png');
  rmSync(file);
  const store = new S3MediaStore({ ...s3().location, prefix: 'from-memory' }, S3RVER_CREDENTIALS);
  expect(await store.put(file, hash, 'image/png', bytes)).toMatchObject({ uploaded: true });
  const back = join(dir, 'read-once-back.png');
  await store.fetchTo(hash, back);
  expect(readFileSync(back).equals(bytes)).toBe(true);
  store.destroy();
});
