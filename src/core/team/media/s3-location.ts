import { z } from 'zod';

/** Where a team's media live in S3-compatible storage. Credentials are not part of it (they stay in secrets). */
export interface S3Location {
  bucket: string;
  /** Folder inside the bucket ('' for its root); object keys are `<prefix>/media/sha256/<hash>`. */
  prefix: string;
  /** Absent: AWS's own endpoint for the region. R2, B2, MinIO, a NAS's S3 app: their URL. */
  endpoint?: string;
  region: string;
  /** Path-style URLs (`endpoint/bucket/key`), which most non-AWS servers need. */
  forcePathStyle: boolean;
}

const bucketSchema = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name is 3–63 lower-case letters, digits, dots and dashes');
const prefixSchema = z.string().max(200).regex(/^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$|^$/, 'a prefix is folder names of letters, digits, dot, dash and underscore');

/**
 * Parses `s3://bucket/prefix` with optional query `endpoint`, `region`, `path-style` (`s3://studio/team?endpoint=
 * http://127.0.0.1:9000&region=auto`). Throws a message naming the part that is wrong.
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Not an s3:// address: ${text}`);
  }
  if (url.protocol !== 's3:') throw new Error('A media address starts with s3:// (or is a folder path).');
  if (url.username || url.password) throw new Error('Put the access key in the credentials fields, not in the address.');
  const bucket = bucketSchema.safeParse(url.hostname);
  if (!bucket.success) throw new Error(`Bucket: ${bucket.error.issues[0]?.message ?? 'invalid'}`);
  const prefix = prefixSchema.safeParse(decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')));
  if (!prefix.success) throw new Error(`Prefix: ${prefix.error.issues[0]?.message ?? 'invalid'}`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error('endpoint: an http(s):// address');
  return {
    bucket: bucket.data,
    prefix: prefix.data,
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: (url.searchParams.get('path-style') ?? (endpoint ? 'true' : 'false')) === 'true',
  };
}
