import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { describeError, dispatch, internalReply } from '../shared/bridge';
import { BridgeError, type BridgeReply } from '../shared/bridge/result';
import type { Core } from '../core';
import type { Logger } from '../core/ports';
import { createAppHandler, MEDIA_PREFIX } from '../core/app-server';
import { sendFetchResponse, toFetchRequest } from './fetch-adapter';
import { checkRequest, tokenFromUrl, tokenMatches } from './security';

export interface WebHostOptions {
  core: Core;
  /** Folder with the built renderer (out/renderer). */
  rendererDir: string;
  /** Where uploads are spooled before they are staged. */
  tmpDir: string;
  port?: number;
  token?: string;
  log?: Logger;
  /** Largest upload accepted, bytes. */
  maxUploadBytes?: number;
  /** Calls one socket may have in flight; past it the host stops reading that socket until one finishes. */
  maxCallsInFlight?: number;
  /** Unsent bytes a socket may hold before the host closes it as a reader that does not read. */
  maxBufferedBytes?: number;
}

export const MAX_CALLS_IN_FLIGHT = 16;
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface WebHost {
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const callSchema = z.object({
  type: z.literal('call'),
  id: z.number().int(),
  method: z.string().max(64),
  input: z.unknown(),
});

/**
 * The web transport: a plain-Node server on 127.0.0.1 that serves the built renderer and speaks the bridge
 * contract over a WebSocket. Every socket and every media/upload request needs the session token; sockets
 * also need our own Origin; all requests need our own Host (DNS rebinding).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const maxUpload = options.maxUploadBytes ?? 512 * 1024 * 1024;
  const { core } = options;
  let expectedHost = '';
  mkdirSync(options.tmpDir, { recursive: true });
  // The same handler Electron's `atelier-app:` protocol uses: renderer files with the CSP, media with Range.
  const appHandler = createAppHandler({
    rendererDir: options.rendererDir,
    resolveMedia: (p) => core.resolveMedia(p),
    // The kept first screen shows the library: only a page loaded with the session token gets it, and its
    // pictures carry the token like every media URL.
    keptScreen: async (request) => {
      if (!tokenMatches(new URL(request.url).searchParams.get('token'), token)) return null;
      const view = await core.keptScreen();
      return view ? { view, mediaQuery: `token=${encodeURIComponent(token)}` } : null;
    },
  });

  const server: Server = createServer((req, res) => {
    void handleHttp(req, res).catch((e: unknown) => {
      options.log?.error('web host request failed', { error: e instanceof Error ? e.message : String(e) });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = checkRequest(req, expectedHost, { requireOrigin: false });
    if (refused) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end(refused);
      return;
    }
    const url = new URL(req.url ?? '/', `http://${expectedHost}`);
    if (url.pathname.startsWith(MEDIA_PREFIX) || url.pathname === '/upload') {
      if (!tokenMatches(tokenFromUrl(req), token)) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('missing or wrong token');
        return;
      }
      if (url.pathname === '/upload') return upload(req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    await sendFetchResponse(await appHandler(toFetchRequest(req, `http://${expectedHost}`)), res, req.method);
  }

  /** Web mode has no file paths: the browser POSTs the bytes, we spool them to disk, then stage the file. */
  async function upload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST' || !checkRequestOrigin(req)) {
      res.writeHead(403).end();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 'NaN');
    if (!Number.isFinite(declared) || declared > maxUpload) {
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: false, error: { code: 'invalid_input', message: 'File too large.', fields: { file: 'tooLarge', maxMb: String(Math.round(maxUpload / 1024 / 1024)) } } }));
      return;
    }
    const name = (url.searchParams.get('name') ?? 'upload').slice(0, 200).replace(/[/\\]/g, '_');
    const spool = join(options.tmpDir, `${randomBytes(8).toString('hex')}-${name}`);
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen += chunk.length;
        cb(seen > maxUpload ? new Error('too large') : null, chunk);
      },
    });
    try {
      await pipeline(req, limit, createWriteStream(spool));
      const ref = await core.stageUpload(spool, name);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, value: ref }));
    } catch (e) {
      if (res.headersSent) return;
      if (e instanceof BridgeError) res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) } }));
      else res.writeHead(413).end();
    } finally {
      rmSync(spool, { force: true });
    }
  }

  const checkRequestOrigin = (req: IncomingMessage): boolean =>
    checkRequest(req, expectedHost, { requireOrigin: true }) === null;

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const refused =
      url.pathname !== '/bridge'
        ? 'not found'
        : (checkRequest(req, expectedHost, { requireOrigin: true }) ??
          (tokenMatches(tokenFromUrl(req), token) ? null : 'missing or wrong token'));
    if (refused) {
      options.log?.warn('web host refused a socket', { reason: refused });
      socket.end(
        `HTTP/1.1 ${refused === 'not found' ? 404 : 403} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws));
  });

  function serveSocket(ws: WebSocket): void {
    const maxInFlight = options.maxCallsInFlight ?? MAX_CALLS_IN_FLIGHT;
    const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    let inFlight = 0;
    /** Sends, then closes a reader whose unsent replies pass the bound (it is not reading; memory would grow). */
    const send = (text: string): void => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(text);
      if (ws.bufferedAmount > maxBuffered) {
        options.log?.warn('closing a bridge socket that does not read its replies', { buffered: ws.bufferedAmount });
        ws.terminate();
      }
    };
    const unsubscribe = core.events.subscribe((event, payload) => send(JSON.stringify({ type: 'event', event, payload })));
    ws.on('close', unsubscribe);
    // ws reports an oversized or malformed frame as an 'error' event (then closes with 1009/1002); without
    // a listener that event would throw and take the whole host down.
    ws.on('error', (e) => options.log?.warn('bridge socket error', { error: e.message }));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let parsed: z.infer<typeof callSchema>;
      try {
        parsed = callSchema.parse(JSON.parse(String(data)));
      } catch {
        send(JSON.stringify({ type: 'reply', id: -1, reply: { ok: false, error: { code: 'invalid_input', message: 'Malformed message.' } } }));
        return;
      }
      // At the cap, stop reading the socket: later frames wait in the client's and the kernel's buffers
      // (TCP backpressure), never in this process.
      // Frames already read from the socket still arrive after `pause`: past twice the cap they are refused.
      if (inFlight >= maxInFlight * 2) {
        send(JSON.stringify({ type: 'reply', id: parsed.id, reply: { ok: false, error: { code: 'conflict', message: 'Too many calls in flight on this connection; retry.' } } }));
        return;
      }
      if (++inFlight >= maxInFlight) ws.pause();
      const { id, method } = parsed;
      // Every step after the call is guarded: a reply that cannot be built or serialised (a value nested
      // too deep for JSON.stringify, a cycle) answers `internal`; nothing here may reject unhandled, which
      // would end the whole host.
      void (async () => {
        let reply: BridgeReply<unknown>;
        try {
          reply = await dispatch(core.handlers, method, parsed.input, {
            onInternalError: (m, e) => logError('bridge call failed', m, e),
          });
        } catch (e) {
          logError('bridge call failed', method, e);
          reply = internalReply(method);
        }
        try {
          if (--inFlight < maxInFlight && ws.isPaused) ws.resume();
          send(replyFrame(id, method, reply));
        } catch (e) {
          logError('bridge reply failed', method, e);
        }
      })();
    });
  }

  /** Logs a failure; a logger that throws here is ignored (it must not take the reply path down). */
  function logError(message: string, method: string, e: unknown): void {
    try {
      options.log?.error(message, { method, error: describeError(e) });
    } catch {
      // nothing left to tell
    }
  }

  /** The reply as a frame; a value that cannot be serialised becomes an `internal` reply instead. */
  function replyFrame(id: number, method: string, reply: BridgeReply<unknown>): string {
    try {
      return JSON.stringify({ type: 'reply', id, reply });
    } catch (e) {
      logError('bridge reply cannot be sent', method, e);
      return JSON.stringify({ type: 'reply', id, reply: internalReply(method, 'produced a reply that cannot be sent') });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  expectedHost = `127.0.0.1:${port}`;
  const origin = `http://${expectedHost}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    async close() {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
