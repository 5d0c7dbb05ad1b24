import type { SimContext } from './context';
import { blobSource, describeSource } from './byte-source';

/** sha256 and size of what a URL handed out by this simulator serves (tests compare downloads to it). */
export function describeUrl(ctx: SimContext, url: string): { sha256: string; size: number } | undefined {
  let path: string;
  try {
    path = new URL(url, ctx.baseUrl()).pathname;
  } catch {
    return undefined;
  }
  const fileId = /^\/files\/([^/]+)\//.exec(path)?.[1];
  if (fileId) {
    const file = ctx.files.get(fileId);
    return file ? ctx.files.describe(file) : undefined;
  }
  const blob = /^\/__sim\/blob\/(\d+)$/.exec(path)?.[1];
  if (blob) return describeSource(blobSource(Number(blob)));
  for (const resolve of ctx.resolvers) {
    const file = resolve(path);
    if (file) return ctx.files.describe(file);
  }
  return undefined;
}
