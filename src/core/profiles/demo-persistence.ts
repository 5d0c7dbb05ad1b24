import { join } from 'node:path';
import type { DemoGateway, DemoStateStore } from '../ports';
import { RememberedPort } from '../callbacks/remembered-port';
import { readJsonStore, writeTextFile } from '../storage/json-file';

/** The demo gateway's port, chosen once and remembered (a port another program took gives way to a new one). */
export const DEMO_PORT_FILE = 'demo-gateway-port.json';
/** The demo gateway's tasks, so that a demo task running when Atelier stopped finishes after the restart. */
export const DEMO_STATE_FILE = 'demo-gateway-state.json';

/**
 * The state file through core's JSON store: atomic writes, and an unreadable file kept aside as
 * `demo-gateway-state.json.corrupt-<time>` and reported as a notice (its tasks then end `failed` with a plain
 * reason when the engine asks for them).
 */
export function demoStateStore(dataDir: string): DemoStateStore {
  const path = join(dataDir, DEMO_STATE_FILE);
  return {
    read: (salvage, fallback) => readJsonStore(path, salvage, fallback),
    write: (json) => writeTextFile(path, json),
  };
}

/** Starts the demo gateway on its remembered port (else any, remembered) with its saved tasks. */
export async function startDemoGateway(
  demo: DemoGateway,
  dataDir: string,
): Promise<{ baseUrl: string; apiKey: string }> {
  const state = demoStateStore(dataDir);
  const remembered = new RememberedPort(dataDir, DEMO_PORT_FILE);
  const previous = remembered.read();
  let endpoint: { baseUrl: string; apiKey: string };
  try {
    endpoint = await demo.start({ port: previous, state });
  } catch (e) {
    // Another program holds the remembered port: a new one. Demo tasks follow it (polling and their result
    // URLs: engine/demo-address.ts), so nothing is lost.
    if (previous === 0) throw e;
    endpoint = await demo.start({ port: 0, state });
  }
  remembered.save(Number(new URL(endpoint.baseUrl).port));
  return endpoint;
}
