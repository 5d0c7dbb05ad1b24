import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mediaKey, type MediaStore } from '../ports';
import { expectHash } from './hash-file';
import type { S3Location } from './s3-location';
import { S3Partials } from './s3-partials';
import { DEFAULT_MULTIPART, multipartPut, type MultipartOptions } from './multipart-upload';

/** A media object's key ends in the sha256 of its bytes (see mediaKey): `<prefix>/media/sha256/<hash>`. */
const MEDIA_KEY_HASH = /(?:^|\/)media\/sha256\/([a-f0-9]{64})$/;

/**
 * A whole-object PUT of a media key is signed with the hash its key names: the SDK then does not hash the
 * body a second time to sign it (a whole-file sha256 per result), and S3 checks the body against it, so
 * bytes that do not match their key are refused. A streamed body (large files) gets the same check instead
 * of an unsigned payload. On the client's stack once, reading the hash from each call's own input, so the
 * client may cache its resolved handlers (`cacheMiddleware`): a handler built per command, every PUT, cost
 * about as much CPU as the rest of the upload of a small result.
 */
function addKnownPayloadHash(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input: unknown = args.input;
      const key = typeof input === 'object' && input !== null && 'Key' in input && typeof input.Key === 'string' ? input.Key : '';
      const hash = context.commandName === 'PutObjectCommand' ? MEDIA_KEY_HASH.exec(key)?.[1] : undefined;
      const request: unknown = args.request;
      if (hash && typeof request === 'object' && request !== null && 'headers' in request && typeof request.headers === 'object' && request.headers !== null)
        (request.headers as Record<string, string>)['x-amz-content-sha256'] = hash;
      return next(args);
    },
    { step: 'build', name: 'atelierKnownPayloadHash' },
  );
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long a presigned download address lives: long enough for one fetch, short enough to be useless later. */
export const PRESIGN_SECONDS = 300;

/**
 * Media in S3-compatible storage through the AWS SDK. Keys are `<prefix>/media/sha256/<hash>`; an existing
 * object is never sent again (a conditional PUT, or HEAD before a multipart upload). Other machines read through short-lived presigned URLs.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  readonly partials: S3Partials;

  constructor(
    private readonly location: S3Location,
    credentials: S3Credentials,
    /** Large files go up in parts, resumably (see multipart-upload.ts). */
    private readonly multipart: MultipartOptions = DEFAULT_MULTIPART,
  ) {
    this.client = new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      credentials,
      // Checksums only where the API requires them: the default (a CRC trailer in aws-chunked framing on
      // every streamed upload) is not understood by every S3-compatible server (s3rver stores the framing).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // No `Expect: 100-continue`: a server that does not answer it (s3rver, some NAS apps) made every upload
      // wait out the SDK's 6 s fallback; a refused PUT costs one wasted body, which is small here.
      expectContinueHeader: false,
      // Handlers resolved once per command type (see addKnownPayloadHash): no middleware is added per call.
      cacheMiddleware: true,
    });
    addKnownPayloadHash(this.client);
    this.partials = new S3Partials(this.client, location);
  }

  private key(sha256: string): string {
    const key = mediaKey(sha256);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async put(file: string, sha256: string, mime: string, bytes?: Uint8Array): Promise<{ key: string; uploaded: boolean }> {
    const key = this.key(sha256);
    const size = bytes?.byteLength ?? (await stat(file)).size;
    if (size >= this.multipart.threshold) {
      // A large object is looked for first: sending its parts only to learn it was there costs too much.
      if (await this.has(sha256)) return { key, uploaded: false };
      await multipartPut(this.client, { bucket: this.location.bucket, key, name: sha256 }, file, size, mime, this.multipart);
      return { key, uploaded: true };
    }
    // A small one is sent without a HEAD first: `If-None-Match: *` makes the store refuse it (412) when the key
    // exists. A store that ignores the header overwrites the object with the same bytes (keys are sha256s).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: key, Body: bytes ?? createReadStream(file), ContentLength: size, ContentType: mime, IfNoneMatch: '*' }));
        return { key, uploaded: true };
      } catch (e) {
        const status = e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
        if (status === 412) return { key, uploaded: false };
        // 409: another conditional upload of the same key was in flight; S3 asks for a retry.
        if (status !== 409 || attempt >= 3) throw e;
      }
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(sha256) }));
      return true;
    } catch (e) {
      if (e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound')) return false;
      throw e;
    }
  }

  /** A GET address for the object valid for `seconds`: what another machine downloads through. */
  presign(sha256: string, seconds = PRESIGN_SECONDS): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(sha256) }), { expiresIn: seconds });
  }

  async fetchTo(sha256: string, dest: string): Promise<void> {
    const url = await this.presign(sha256);
    const res = await fetch(url);
    if (!res.ok || !res.body) throw new Error(`media ${sha256.slice(0, 12)}…: the storage answered ${res.status}`);
    await mkdir(dirname(dest), { recursive: true });
    const temp = `${dest}.${randomBytes(6).toString('hex')}.part`;
    try {
      // fetch's stream is node's web stream at run time; the DOM typings (e2e's tsconfig) name another type.
      await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(temp));
      await expectHash(temp, sha256, () => rm(temp, { force: true }));
      await rename(temp, dest);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  }

  async list(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, ...(this.location.prefix ? { Prefix: `${this.location.prefix}/` } : {}), ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  destroy(): void {
    this.client.destroy();
  }
}
