import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../ports';
import { systemHttpClient } from '../http/system-http-client';
import { GatewayNetworkError, gatewayRequest, type GatewayTarget } from './http';

const deps = { http: systemHttpClient(), now: () => Date.now(), log: silentLogger };

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
  /** Which TCP connection carried it (1, 2 …). */
  connection: number;
}

/** A gateway stand-in: `answer` decides each reply; every request and its connection is recorded. */
async function gateway(
  answer: (req: Seen, res: ServerResponse, socket: Socket) => void,
): Promise<{ baseUrl: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const ids = new WeakMap<Socket, number>();
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const socket = req.socket;
      if (!ids.has(socket)) ids.set(socket, ++connections);
      const one: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        connection: ids.get(socket) ?? 0,
      };
      seen.push(one);
      answer(one, res, socket);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const target = (baseUrl: string): GatewayTarget => ({
  baseUrl,
  apiKey: 'sk-test',
  vendor: 'vendora',
  gatewayAuthHeader: 'Authorization',
});

const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

describe('gateway requests over node:http (no fetch on the hot path)', () => {
  it('sends JSON with its exact length and the key, reads the answer and Retry-After', async () => {
    const g = await gateway((_req, res) =>
      json(res, 202, { task_id: 't-1', 名: '月光' }, { 'retry-after': '3' }),
    );
    const res = await gatewayRequest(
      target(g.baseUrl),
      { method: 'POST', path: '/v1/videos', body: { json: { prompt: '月光 on water' } } },
      deps,
    );
    expect(res).toMatchObject({ status: 202, body: { task_id: 't-1', 名: '月光' }, retryAfterMs: 3000 });
    const sent = g.seen[0];
    expect(sent?.body).toBe(JSON.stringify({ prompt: '月光 on water' }));
    expect(sent?.headers['content-length']).toBe(String(Buffer.byteLength(sent?.body ?? '')));
    expect(sent?.headers['transfer-encoding']).toBeUndefined();
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
  });

  it('status queries share a kept connection; submissions always open their own', async () => {
    const g = await gateway((_req, res) => json(res, 200, { ok: true }));
    const t = target(g.baseUrl);
    for (let i = 0; i < 3; i++) await gatewayRequest(t, { method: 'GET', path: `/q/${i}` }, deps);
    for (let i = 0; i < 2; i++)
      await gatewayRequest(t, { method: 'POST', path: '/s', body: { json: {} } }, deps);
    const gets = g.seen.filter((s) => s.method === 'GET').map((s) => s.connection);
    const posts = g.seen.filter((s) => s.method === 'POST').map((s) => s.connection);
    expect(new Set(gets).size).toBe(1);
    expect(new Set(posts).size).toBe(2);
    expect(posts.some((c) => gets.includes(c))).toBe(false);
  });

  it('a status query on a kept connection the server dropped is sent again on a fresh one, once', async () => {
    // The race a kept connection has: the server closes it just as the next query goes out, so the query is
    // written and then the socket dies with no answer. Here: a second request on a connection is dropped.
    const answered = new Set<number>();
    const g = await gateway((req, res, socket) => {
      if (answered.has(req.connection)) {
        socket.destroy();
        return;
      }
      answered.add(req.connection);
      json(res, 200, { url: req.url });
    });
    const t = target(g.baseUrl);
    await gatewayRequest(t, { method: 'GET', path: '/q/first' }, deps);
    const again = await gatewayRequest(t, { method: 'GET', path: '/q/second' }, deps);
    expect(again.body).toEqual({ url: '/q/second' });
    expect(g.seen.map((s) => [s.url, s.connection])).toEqual([
      ['/q/first', 1],
      ['/q/second', 1],
      ['/q/second', 2],
    ]);
    // A submission is never sent twice: the same drop on a POST is reported, not retried.
    const posts = await gateway((req, res, socket) => {
      if (req.method === 'POST') socket.destroy();
      else json(res, 200, {});
    });
    const err = await gatewayRequest(
      target(posts.baseUrl),
      { method: 'POST', path: '/s', body: { json: {} } },
      deps,
    ).catch((e: unknown) => e);
    expect((err as GatewayNetworkError).maybeSent).toBe(true);
    expect(posts.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('a compressed answer the client never asked for is decoded, as fetch did', async () => {
    const g = await gateway((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ status: 'SUCCESS', urls: ['a.png'] })));
    });
    const res = await gatewayRequest(target(g.baseUrl), { method: 'GET', path: '/q' }, deps);
    expect(res.body).toEqual({ status: 'SUCCESS', urls: ['a.png'] });
  });

  it('a redirected status query is followed (through fetch), and the answer is the final one', async () => {
    const g = await gateway((req, res) => {
      if (req.url === '/old') {
        res.writeHead(307, { location: '/new' });
        res.end();
      } else json(res, 200, { at: req.url });
    });
    const res = await gatewayRequest(target(g.baseUrl), { method: 'GET', path: '/old' }, deps);
    expect(res.body).toEqual({ at: '/new' });
  });

  it('a redirected submission is not sent again: its answer is the redirect, and the POST reached the gateway once', async () => {
    const g = await gateway((req, res) => {
      if (req.url === '/old') {
        res.writeHead(307, { location: '/new' });
        res.end();
      } else json(res, 200, { at: req.url });
    });
    const res = await gatewayRequest(
      target(g.baseUrl),
      { method: 'POST', path: '/old', body: { json: { p: 1 } } },
      deps,
    );
    expect(res.status).toBe(307);
    expect(g.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /old']);
  });

  it('keeps fetch’s meanings: refused = not sent, a timeout = maybe sent, a broken answer = maybe sent', async () => {
    const closed = await gateway(() => undefined);
    const port = new URL(closed.baseUrl).port;
    closed.server.close();
    await new Promise((r) => setTimeout(r, 20));
    const refused = await gatewayRequest(
      target(`http://127.0.0.1:${port}`),
      { method: 'POST', path: '/s', body: { json: {} } },
      deps,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayNetworkError);
    expect((refused as GatewayNetworkError).maybeSent).toBe(false);

    const silentGateway = await gateway(() => undefined); // reads the request, never answers
    const timedOut = await gatewayRequest(
      target(silentGateway.baseUrl),
      { method: 'POST', path: '/s', body: { json: {} }, timeoutMs: 150 },
      deps,
    ).catch((e: unknown) => e);
    expect((timedOut as GatewayNetworkError).maybeSent).toBe(true);
    expect((timedOut as Error).message).toMatch(/timeout/i);

    const broken = await gateway((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"task_id":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const cut = await gatewayRequest(
      target(broken.baseUrl),
      { method: 'POST', path: '/s', body: { json: {} } },
      deps,
    ).catch((e: unknown) => e);
    expect((cut as GatewayNetworkError).maybeSent).toBe(true);
    expect((cut as Error).message).toMatch(/broke off/);
  });

  it('the caller’s signal aborts a request in flight', async () => {
    const g = await gateway(() => undefined);
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('stopped by the user')), 50);
    const err = await gatewayRequest(
      target(g.baseUrl),
      { method: 'GET', path: '/q', signal: stop.signal },
      deps,
    ).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/stopped by the user/);
  });
});
