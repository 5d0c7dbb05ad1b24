/** s3rver ships no types: the part of its API the test servers use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  /** The parts of Koa's request context the test middleware reads and answers through. */
  export interface S3rverContext {
    method: string;
    path: string;
    querystring: string;
    status: number;
    body: unknown;
    type: string;
    get(header: string): string;
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app): the test server puts its own in front. */
    middleware: S3rverMiddleware[];
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
