import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { s3ForFile } from '../test-support/s3-for-file';
import { S3RVER_CREDENTIALS } from '../test-support/test-s3';
import { S3MediaStore } from './s3-media-store';

/**
 * Multipart, resumable uploads of large results, against s3rver through the real AWS SDK. s3rver implements
 * CreateMultipartUpload, UploadPart and CompleteMultipartUpload (not ListParts or Abort), so resuming rests
 * on the state file the upload keeps, not on asking the server.
 */
const MiB = 1024 * 1024;
const { s3, dir } = s3ForFile('multipart');

it('a large result goes up in parts; after a crash mid-upload a restart sends only the missing parts, and one whole object is stored', { timeout: 60_000 }, async () => {
  const file = join(dir, 'take.mp4');
  const bytes = randomBytes(12 * MiB);
  writeFileSync(file, bytes);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const location = { ...s3().location, prefix: 'multipart' };
  const stateDir = join(dir, 'uploads');
  const sent: number[] = [];
  const crashing = new S3MediaStore(location, S3RVER_CREDENTIALS, {
    threshold: 5 * MiB,
    partSize: 5 * MiB,
    stateDir,
    onPart: (n) => {
      sent.push(n);
      if (n === 1) throw new Error('killed after part 1');
    },
  });
  await expect(crashing.put(file, hash, 'video/mp4')).rejects.toThrow(/killed after part 1/);
  expect(sent).toEqual([1]);
  expect(await crashing.has(hash)).toBe(false);
  expect(readdirSync(stateDir)).toEqual([`${hash}.upload.json`]);
  crashing.destroy();

  // The restarted app: same state folder, a new client.
  const again: number[] = [];
  const restarted = new S3MediaStore(location, S3RVER_CREDENTIALS, { threshold: 5 * MiB, partSize: 5 * MiB, stateDir, onPart: (n) => again.push(n) });
  expect(await restarted.put(file, hash, 'video/mp4')).toMatchObject({ uploaded: true });
  expect(again).toEqual([2, 3]);
  expect(existsSync(join(stateDir, `${hash}.upload.json`))).toBe(false);
  // Stored once, whole: it hashes to its key on the way back.
  expect((await restarted.list()).filter((k) => k.includes('/media/'))).toEqual([`multipart/media/sha256/${hash}`]);
  await restarted.fetchTo(hash, join(dir, 'back.mp4'));
  expect(createHash('sha256').update(readFileSync(join(dir, 'back.mp4'))).digest('hex')).toBe(hash);
  // Stored again: nothing is sent (the object is there).
  expect(await restarted.put(file, hash, 'video/mp4')).toMatchObject({ uploaded: false });
  expect(again).toEqual([2, 3]);
  restarted.destroy();
});
