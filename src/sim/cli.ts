/**
 * `tsx src/sim/cli.ts --port 8787 --key demo-key --speed fast|real|instant|<multiplier>`
 * Runs the simulator in the foreground until killed; prints its base URL and key.
 */
import { parseArgs } from 'node:util';
import type { SimSpeed } from './types';
import { startSimulator } from './server';

function parseSpeed(value: string): SimSpeed {
  if (value === 'instant' || value === 'fast' || value === 'real') return value;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  throw new Error(`--speed must be instant, fast, real or a number (got ${value})`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      key: { type: 'string', default: 'demo-key' },
      speed: { type: 'string', default: 'real' },
      'gateway-auth-header': { type: 'string' },
      seed: { type: 'string' },
      'parallel-limit': { type: 'string' },
    },
  });
  const sim = await startSimulator({
    port: Number(values.port),
    apiKey: values.key,
    speed: parseSpeed(values.speed),
    ...(values['gateway-auth-header'] ? { gatewayAuthHeader: values['gateway-auth-header'] } : {}),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    ...(values['parallel-limit'] ? { parallelLimit: Number(values['parallel-limit']) } : {}),
  });
  console.log(`Atelier gateway simulator listening`);
  console.log(`  base URL: ${sim.baseUrl}`);
  console.log(`  API key:  ${sim.apiKey}`);
  console.log(`  control:  ${sim.baseUrl}/__sim/log, POST ${sim.baseUrl}/__sim/faults`);
  const stop = (): void => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
