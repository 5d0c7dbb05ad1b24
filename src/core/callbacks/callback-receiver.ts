import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Logger } from '../ports';

/** What a callback tells the engine: which task (by its URL token and taskNo), and the signed fields. */
export interface CallbackHint {
  token: string;
  taskNo: string;
  timestamp: string;
  sign: string;
  body: Record<string, unknown>;
}

export type CallbackVerdict = 'accepted' | 'rejected' | 'unknown-task';

const MAX_BODY_BYTES = 256 * 1024;
export const CALLBACK_PATH = '/atelier-callback/';

const bodySchema = z.looseObject({
  taskNo: z.union([z.string(), z.number()]).transform(String),
  timestamp: z.union([z.string(), z.number()]).transform(String),
  sign: z.string().max(128),
});

/**
 * The local receiver of task-gateway completion callbacks (node:http). Each task's callback URL ends in an
 * unguessable token; bodies are size-limited and parsed; the engine verifies the signature and confirms
 * by querying. Answers 200 for accepted (and duplicate) callbacks, 401 for bad signatures.
 */
export interface ReceiverLimits {
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (a slow body is cut off). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; more are refused at once. */
  maxConnections: number;
  /** How often Node checks the two timeouts above (its default, 30 s, let slow bodies live for minutes). */
  checkIntervalMs: number;
}

/** A callback is one small POST: seconds are plenty, and a few dozen gateways' worth of connections. */
export const DEFAULT_RECEIVER_LIMITS: ReceiverLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 2_000,
  maxConnections: 64,
  checkIntervalMs: 1_000,
};

export class CallbackReceiver {
  private server: Server | null = null;
  port = 0;

  constructor(
    private readonly handle: (hint: CallbackHint) => Promise<CallbackVerdict>,
    private readonly log: Logger,
    private readonly limits: ReceiverLimits = DEFAULT_RECEIVER_LIMITS,
  ) {}

  get running(): boolean {
    return this.server !== null;
  }

  private starting: Promise<number> | null = null;

  /** Starts once; concurrent callers (several submissions at once) share the same server. */
  start(port: number): Promise<number> {
    this.starting ??= this.listen(port).catch((e: unknown) => {
      this.starting = null;
      throw e;
    });
    return this.starting;
  }

  private async listen(port: number): Promise<number> {
    const l = this.limits;
    const options = { headersTimeout: l.headersTimeoutMs, requestTimeout: l.requestTimeoutMs, keepAliveTimeout: l.keepAliveTimeoutMs, connectionsCheckingInterval: l.checkIntervalMs };
    const server = createServer(options, (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const token = url.pathname.startsWith(CALLBACK_PATH) ? url.pathname.slice(CALLBACK_PATH.length) : '';
      if (req.method !== 'POST' || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY_BYTES) {
          res.writeHead(413).end();
          req.destroy();
          return;
        }
        chunks.push(c);
      });
      req.on('end', () => {
        if (res.writableEnded) return;
        let parsed: z.infer<typeof bodySchema>;
        try {
          parsed = bodySchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"ok":false}');
          return;
        }
        void this.handle({ token, taskNo: parsed.taskNo, timestamp: parsed.timestamp, sign: parsed.sign, body: parsed })
          .then((verdict) => {
            const status = verdict === 'accepted' ? 200 : verdict === 'rejected' ? 401 : 404;
            if (verdict !== 'accepted') this.log.warn('callback refused', { verdict });
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: verdict === 'accepted' }));
          })
          .catch(() => res.writeHead(500).end());
      });
    });
    server.maxConnections = l.maxConnections;
    // A connection that sends nothing at all is closed too (headersTimeout starts with the first byte).
    server.on('connection', (socket) => socket.setTimeout(l.requestTimeoutMs, () => socket.destroy()));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const s = this.server;
    this.server = null;
    this.starting = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
