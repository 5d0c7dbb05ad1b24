import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { BridgeErrorCode } from '../../shared/bridge';
import type { Logger } from '../../core/ports';
import { createDemoGateway } from '../demo-gateway';
import { createWebApp } from '../create-web-app';

export type Reply =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: BridgeErrorCode; message: string; fields?: Record<string, string> } };

/** A bridge client over the real WebSocket of the web host, with our token and Origin. */
export interface BridgeSocket {
  ws: WebSocket;
  frames: string[];
  call(method: string, input: unknown): Promise<Reply>;
  close(): void;
}

export async function openBridge(app: {
  host: { port: number; token: string; origin: string };
}): Promise<BridgeSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${app.host.port}/bridge?token=${app.host.token}`, {
    origin: app.host.origin,
  });
  const frames: string[] = [];
  const waiting = new Map<number, (r: Reply) => void>();
  let nextId = 1;
  ws.on('message', (data) => {
    const raw = String(data);
    frames.push(raw);
    const msg = JSON.parse(raw) as { type: string; id?: number; reply?: Reply };
    if (msg.type === 'reply' && msg.id !== undefined && msg.reply) waiting.get(msg.id)?.(msg.reply);
  });
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    call(method, input) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ type: 'call', id, method, input }));
      });
    },
    close: () => ws.close(),
  };
}

/** A web app (core + web host) on a fresh data folder, with a log the test can read. */
export async function startTestWebApp(opts: { fetch?: typeof fetch } = {}) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'atelier-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-lp-'));
  const logs: { level: string; message: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, data?: Record<string, unknown>) =>
    void logs.push({ level, message, ...(data ? { data } : {}) });
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const demo = createDemoGateway('instant');
  const app = await createWebApp({
    dataDir,
    rendererDir,
    port: 0,
    demo,
    log,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  return {
    ...app,
    dataDir,
    logs,
    demo,
    async close() {
      await app.close();
      for (const d of [dataDir, rendererDir]) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** A stranger's HTTP server: records every request's headers and body, answers 404 (or hangs). */
export async function startRecorder(opts: { hang?: boolean } = {}): Promise<{
  url: string;
  requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  open: () => number;
  close(): Promise<void>;
}> {
  const requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let open = 0;
  const server: Server = createServer((req, res) => {
    open++;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (opts.hang) return;
      open--;
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
    });
    req.on('close', () => {
      if (opts.hang) open--;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    open: () => open,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export const profileInput = (id: string, baseUrl: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Gateway ${id}`,
  baseUrl,
  vendor: 'vendora',
  gatewayAuthHeader: 'Authorization',
  callbacks: { enabled: false, publicUrl: '', localPort: 0 },
  ...extra,
});
