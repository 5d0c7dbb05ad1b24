import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MiniRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type MiniAnswer = { status: number; json?: unknown; bytes?: Buffer; type?: string; delayMs?: number };

/**
 * A scripted gateway over real HTTP for answers the simulator does not produce (Kling's HTTP 200 refusals,
 * relay shapes, own-origin result files). Every request is logged; `route` decides each answer.
 */
export async function startMiniGateway(
  route: (req: MiniRequest, base: string) => MiniAnswer | Promise<MiniAnswer>,
) {
  const log: MiniRequest[] = [];
  let base = '';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: MiniRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      log.push(entry);
      void Promise.resolve(route(entry, base)).then(async (a) => {
        if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
        if (a.bytes)
          res
            .writeHead(a.status, {
              'content-type': a.type ?? 'application/octet-stream',
              'content-length': a.bytes.length,
            })
            .end(a.bytes);
        else
          res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json ?? {}));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    apiKey: 'mini-key-0123456789',
    log,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
