import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can freeze like a stopped server process (SIGSTOP): connections stay
 * open, nothing is answered, and what either side sends waits in the proxy. Thawed, everything held goes on in
 * order, a close last, as a continued server would read it. It can also break like a server that went away:
 * every connection drops, and new ones are refused until it is mended. Only the machines under test connect
 * through it; the test's own ledger queries go to the server directly.
 */
export interface FreezingProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  /** Freezes every connection once a client sends bytes containing `text` (those bytes are held too). */
  freezeOn(text: string): Promise<void>;
  thaw(): void;
  /** Drops every connection once a client sends bytes containing `text` (those bytes never arrive). */
  breakOn(text: string): Promise<void>;
  mend(): void;
  close(): Promise<void>;
}

/** One direction of one connection: forwards, or holds while the proxy is frozen. */
class Direction {
  private held: Buffer[] = [];
  private ended = false;

  constructor(private readonly to: Socket) {}

  data(chunk: Buffer, frozen: boolean): void {
    if (frozen) this.held.push(chunk);
    else this.to.write(chunk);
  }

  end(frozen: boolean): void {
    if (frozen) this.ended = true;
    else this.to.end();
  }

  flush(): void {
    for (const chunk of this.held) this.to.write(chunk);
    this.held = [];
    if (this.ended) this.to.end();
  }
}

export async function startFreezingProxy(databaseUrl: string): Promise<FreezingProxy> {
  const target = new URL(databaseUrl);
  const directions = new Set<Direction>();
  const sockets = new Set<Socket>();
  let frozen = false;
  let broken = false;
  let trigger: { text: string; then: 'freeze' | 'break'; fire: () => void } | null = null;

  const server = createServer((client) => {
    if (broken) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    const up = new Direction(upstream);
    const down = new Direction(client);
    directions.add(up).add(down);
    let tail = '';
    client.on('data', (chunk: Buffer) => {
      if (trigger) {
        // The text may straddle two chunks: the end of the previous one is looked at again.
        const seen = tail + chunk.toString('latin1');
        tail = seen.slice(-trigger.text.length);
        if (seen.includes(trigger.text)) {
          const { then, fire } = trigger;
          trigger = null;
          fire();
          if (then === 'break') {
            broken = true;
            for (const s of sockets) s.destroy();
            return;
          }
          frozen = true;
        }
      }
      up.data(chunk, frozen);
    });
    upstream.on('data', (chunk: Buffer) => down.data(chunk, frozen));
    client.on('end', () => up.end(frozen));
    upstream.on('end', () => down.end(frozen));
    // A side that breaks (a client dropping its socket) is a close the other side reads after what was held.
    client.on('close', () => up.end(frozen));
    upstream.on('close', () => down.end(frozen));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    freezeOn: (text) =>
      new Promise<void>((resolve) => {
        trigger = { text, then: 'freeze', fire: resolve };
      }),
    thaw() {
      frozen = false;
      for (const d of directions) d.flush();
    },
    breakOn: (text) =>
      new Promise<void>((resolve) => {
        trigger = { text, then: 'break', fire: resolve };
      }),
    mend() {
      broken = false;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
