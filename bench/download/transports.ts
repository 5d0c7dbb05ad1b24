/**
 * The two library clients the download bench measures beside the HTTP/1.1 reader (issue 31): Node's own
 * `node:http` and undici's `request`, each adapted to the download's {@link Transport} the way the reader
 * is (body chunks handed to the synchronous sink, which copies them into its reused slabs; the socket is
 * paused while the sink asks for it). No redirects: the bench's URL answers directly.
 */
import { get } from 'node:http';
import { request } from 'undici';
import type { BodyResponse, Transport } from '../../src/core/downloads/transport';
import type { BodySink, SinkReady } from '../../src/core/downloads/wire/http1-parse';

/** Pipes a Node readable of Buffers into the sink, pausing while `ready` answers a promise. */
function pipeReadable(body: NodeJS.ReadableStream, sink: BodySink, ready?: SinkReady): Promise<void> {
  return new Promise((resolve, reject) => {
    body.on('data', (chunk: Buffer) => {
      sink(chunk, 0, chunk.length);
      const wait = ready?.();
      if (wait) {
        body.pause();
        wait.then(() => body.resume(), reject);
      }
    });
    body.once('end', resolve);
    body.once('error', reject);
  });
}

export const nodeHttpTransport: Transport = (url, headers, signal) =>
  new Promise((resolve, reject) => {
    const req = get(url, { headers, signal }, (res) => {
      const response: BodyResponse = {
        status: res.statusCode ?? 0,
        via: 'wire',
        header: (name) => {
          const v = res.headers[name.toLowerCase()];
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
        },
        pipeTo: (sink, ready) => pipeReadable(res, sink, ready),
        cancel: async () => void res.destroy(),
      };
      resolve(response);
    });
    req.once('error', reject);
  });

export const undiciTransport: Transport = async (url, headers, signal) => {
  const res = await request(url, { headers, signal });
  return {
    status: res.statusCode,
    via: 'fetch',
    header: (name) => {
      const v = res.headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    pipeTo: (sink, ready) => pipeReadable(res.body, sink, ready),
    cancel: async () => void res.body.destroy(),
  };
};
