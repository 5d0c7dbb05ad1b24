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

it('the PUT is signed with the hash the caller gives (the key): the SDK does not hash the body to sign it, and S3 checks the body against it', async () => {
  const { file, hash, bytes } = result('signed.png');
  const store = new S3MediaStore({ ...s3().location, prefix: 'signed' }, S3RVER_CREDENTIALS);
  const requests = s3().requests ?? [];
  const before = requests.length;
  await store.put(file, hash, 'image/png', bytes);
  expect(requests.slice(before)).toMatchObject([{ method: 'PUT', status: 200, payloadHash: hash }]);
  // Bytes that are not what their key names: the signed hash is still the key's (never one the SDK worked out
  // from the body), so S3 refuses them (s3rver does not check the body; the header is what S3 checks).
  const wrong = Buffer.from(bytes);
  wrong[0] = (wrong[0] ?? 0) ^ 0xff;
  const claimed = createHash('sha256').update(randomBytes(8)).digest('hex');
  await store.put(file, claimed, 'image/png', wrong);
  expect(requests.slice(before + 1)).toMatchObject([{ method: 'PUT', payloadHash: claimed }]);
  store.destroy();
});

it('a streamed PUT (no bytes in memory) carries the file hash too, not an unsigned payload', async () => {
  const { file, hash } = result('streamed.png');
  const store = new S3MediaStore({ ...s3().location, prefix: 'streamed' }, S3RVER_CREDENTIALS);
  const requests = s3().requests ?? [];
  const before = requests.length;
  expect(await store.put(file, hash, 'image/png')).toMatchObject({ uploaded: true });
  expect(requests.slice(before)).toMatchObject([{ method: 'PUT', status: 200, payloadHash: hash }]);
  store.destroy();
});
