/** Shared helpers for the simulator's own HTTP conformance tests (not shipped code paths). */
import { PNG } from 'pngjs';
import type { SimOptions, Simulator } from './types';
import { startSimulator } from './server';

export const KEY = 'test-key';
export const AUTH = { authorization: `Bearer ${KEY}` };

export function startTestSim(extra: Partial<SimOptions> = {}): Promise<Simulator> {
  return startSimulator({ apiKey: KEY, speed: 'instant', port: 0, ...extra });
}

export interface JsonReply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export async function call(
  sim: Simulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = AUTH,
): Promise<JsonReply> {
  const res = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** Reads a nested property by dotted path without `any`. */
export function pick(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Polls until `done(reply)` holds; fails after `timeoutMs`. Returns every status seen, in order. */
export async function pollUntil(
  fetchOnce: () => Promise<JsonReply>,
  done: (r: JsonReply) => boolean,
  statusPath: string,
  timeoutMs = 4000,
): Promise<{ last: JsonReply; seen: unknown[] }> {
  const seen: unknown[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetchOnce();
    const status = pick(r.body, statusPath);
    if (seen[seen.length - 1] !== status) seen.push(status);
    if (done(r)) return { last: r, seen };
    if (Date.now() > deadline) throw new Error(`timed out; statuses seen: ${seen.join(', ')}`);
    await new Promise((res) => setTimeout(res, 15));
  }
}

export function makePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      png.data.writeUInt8(r, (y * width + x) * 4);
      png.data.writeUInt8(g, (y * width + x) * 4 + 1);
      png.data.writeUInt8(b, (y * width + x) * 4 + 2);
      png.data.writeUInt8(a, (y * width + x) * 4 + 3);
    }
  return PNG.sync.write(png);
}

export function readPng(bytes: Buffer): PNG {
  return PNG.sync.read(bytes);
}

export async function download(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Asserts statuses were seen in lifecycle order (polling may skip short phases) and ended terminal. */
export function inLifecycleOrder(seen: unknown[], order: string[]): boolean {
  const idx = seen.map((s) => order.indexOf(String(s)));
  return (
    idx.every((v, i) => v >= 0 && (i === 0 || v > (idx[i - 1] ?? -1))) &&
    idx[idx.length - 1] === order.length - 1
  );
}
