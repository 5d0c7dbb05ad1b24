import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchHttpClient } from './fetch-http-client';
import { HttpFailure } from './http-client';
import { systemHttpClient } from './system-http-client';

/** The HttpClient port over real loopback HTTP: which reader carries what, and failures by stage. */
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') return res.writeHead(302, { location: '/file' }).end();
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' }).end('hello');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function read(client: ReturnType<typeof systemHttpClient>, path: string) {
  const res = await client.download(`${base}${path}`, {}, AbortSignal.timeout(5_000));
  const parts: Buffer[] = [];
  await res.pipeTo((chunk, offset, length) => void parts.push(Buffer.from(chunk.subarray(offset, offset + length))));
  return { via: res.via, body: Buffer.concat(parts).toString() };
}

describe('systemHttpClient', () => {
  it('downloads through the HTTP/1.1 reader, and through fetch when a proxy is configured (checked per request)', async () => {
    const client = systemHttpClient();
    expect(await read(client, '/file')).toEqual({ via: 'wire', body: 'hello' });
    vi.stubEnv('HTTPS_PROXY', 'http://127.0.0.1:9');
    try {
      expect((await read(client, '/file')).via).toBe('fetch');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('answers a redirected status query from where it leads; a refused connection is a request failure with its code', async () => {
    const client = systemHttpClient();
    const moved = await client.exchange({ url: `${base}/moved`, method: 'GET', headers: {}, timeoutMs: 5_000 });
    expect({ status: moved.status, text: moved.text }).toEqual({ status: 200, text: 'hello' });
    const refused = await client.exchange({ url: 'http://127.0.0.1:1/', method: 'GET', headers: {}, timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpFailure);
    expect(refused).toMatchObject({ stage: 'request', code: 'ECONNREFUSED' });
  });
});

describe('fetchHttpClient', () => {
  it('sends every exchange and download through the fetch it was given', async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const client = fetchHttpClient(counting);
    const answer = await client.exchange({ url: `${base}/q`, method: 'POST', headers: {}, body: { json: { a: 1 } }, timeoutMs: 5_000 });
    expect(answer.text).toBe('hello');
    expect(await read(client, '/file')).toEqual({ via: 'fetch', body: 'hello' });
    expect(seen).toEqual([`${base}/q`, `${base}/file`]);
  });

  it('a multipart file that cannot be read fails before anything is sent', async () => {
    const client = fetchHttpClient(() => Promise.reject(new Error('never called')));
    const err = await client
      .exchange({ url: `${base}/u`, method: 'POST', headers: {}, timeoutMs: 5_000, body: { multipart: { fields: [], files: [{ name: 'f', path: '/nonexistent/x.png', filename: 'x', type: '' }] } } })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ stage: 'unsent' });
  });
});
