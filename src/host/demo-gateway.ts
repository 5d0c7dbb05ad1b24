import { randomBytes } from 'node:crypto';
import type { DemoGateway } from '../core/ports';
import { simFigures, startSimulator, type SimSpeed, type Simulator } from '../sim';

/** How many tasks the demo key runs at once; more are refused with 1303 / 429 (the queue learns it). */
export const DEMO_PARALLEL_LIMIT = 3;

/**
 * The built-in demo gateway: the simulator, in-process on loopback with a fresh key, so a new user can try
 * every form without an account. Started on first use; core passes the port it remembers and the store for
 * the simulator's task state, so demo tasks survive a restart (without options: any port, memory only).
 */
export function createDemoGateway(
  speed: SimSpeed = 'real',
  opts: { control?: boolean; parallelLimit?: number | null } = {},
): DemoGateway & { simulator(): Simulator | null } {
  let sim: Simulator | null = null;
  let starting: Promise<Simulator> | null = null;
  return {
    async start(options) {
      // The /__sim/* control routes (log, faults, reset) answer anyone who can reach the port, including a
      // web page's cross-origin POST: off in the app; tests reach the simulator in-process instead.
      starting ??= startSimulator({
        port: options?.port ?? 0,
        apiKey: `demo-${randomBytes(12).toString('hex')}`,
        speed,
        control: opts.control ?? false,
        // Like a real resource pack, the demo key runs 3 tasks at once (issue 30): the queue shows from the first batch.
        ...(opts.parallelLimit === null ? {} : { parallelLimit: opts.parallelLimit ?? DEMO_PARALLEL_LIMIT }),
        ...(options ? { state: options.state } : {}),
      }).catch((e: unknown) => {
        // A port another program holds: the caller asks again for any port.
        starting = null;
        throw e;
      });
      sim = await starting;
      return { baseUrl: sim.baseUrl, apiKey: sim.apiKey };
    },
    async stop() {
      await sim?.close();
      sim = null;
      starting = null;
    },
    figures: (query) => simFigures(speed, query),
    simulator: () => sim,
  };
}
