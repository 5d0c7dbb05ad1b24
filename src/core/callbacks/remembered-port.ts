import { join } from 'node:path';
import { z } from 'zod';
import { readJsonStore, writeJsonFile } from '../storage/json-file';

const schema = z.object({ port: z.number().int().min(1).max(65_535) });

/**
 * The callback receiver's port, chosen once (when the profile leaves it at 0) and remembered in the data
 * folder, so callback URLs promised before a restart still reach the receiver after it.
 */
export class RememberedPort {
  private readonly path: string;

  constructor(dataDir: string, fileName = 'callback-port.json') {
    this.path = join(dataDir, fileName);
  }

  read(): number {
    return readJsonStore(
      this.path,
      (raw) => {
        const p = schema.safeParse(raw);
        return p.success ? { value: p.data.port, dropped: [] } : null;
      },
      0,
    );
  }

  save(port: number): void {
    if (port === this.read()) return;
    try {
      writeJsonFile(this.path, { port });
    } catch {
      // A full disk: the port is chosen again next start (callbacks then fall back to polling).
    }
  }
}

/**
 * Starts `start` on the configured port, else the remembered one, else any; remembers what it got. A
 * remembered port another program took meanwhile gives way to a fresh one (polling covers the gap).
 */
export async function startOnStablePort(
  configured: number,
  remembered: RememberedPort,
  start: (port: number) => Promise<number>,
): Promise<number> {
  if (configured > 0) return start(configured);
  const previous = remembered.read();
  let port: number;
  try {
    port = await start(previous);
  } catch (e) {
    if (previous === 0) throw e;
    port = await start(0);
  }
  remembered.save(port);
  return port;
}
