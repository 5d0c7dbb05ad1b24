import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { chunkName, partialFolder, type PartialDownloads, type PartialSlot } from '../ports';
import { restoreChunks } from './restore-chunks';
import type { S3Location } from './s3-location';

/** Download checkpoints as objects `<prefix>/partial/<task>/<index>/<offset>-<end>` (a PUT lands whole or not at all). */
export class S3Partials implements PartialDownloads {
  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
  ) {}

  private folder(slot: PartialSlot): string {
    const folder = partialFolder(slot);
    return this.location.prefix ? `${this.location.prefix}/${folder}` : folder;
  }

  async save(slot: PartialSlot, offset: number, bytes: Buffer): Promise<void> {
    const Key = `${this.folder(slot)}/${chunkName(offset, offset + bytes.length)}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key, Body: bytes, ContentLength: bytes.length, ContentType: 'application/octet-stream' }));
  }

  private async keys(slot: PartialSlot): Promise<string[]> {
    const prefix = `${this.folder(slot)}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async restore(slot: PartialSlot, dest: string): Promise<number> {
    const folder = this.folder(slot);
    const names = (await this.keys(slot)).map((k) => k.slice(folder.length + 1));
    return restoreChunks(names, dest, async (name) => {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: `${folder}/${name}` }));
      return Buffer.from((await got.Body?.transformToByteArray()) ?? new Uint8Array());
    });
  }

  async drop(slot: PartialSlot): Promise<void> {
    const keys = await this.keys(slot);
    for (let i = 0; i < keys.length; i += 1000)
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } }));
  }
}
