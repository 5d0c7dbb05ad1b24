import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createConsoleLogger } from '../core';
import { createDemoGateway } from './demo-gateway';
import { createWebApp } from './create-web-app';

/** `npm run web`: Atelier in the browser, on loopback, with the demo gateway built in. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.ATELIER_PORT ?? '0' },
      'data-dir': { type: 'string', default: process.env.ATELIER_DATA_DIR ?? join(homedir(), '.atelier-web') },
      'renderer-dir': { type: 'string', default: resolve(import.meta.dirname, '../../out/renderer') },
      'demo-speed': { type: 'string', default: 'real' },
    },
  });
  const log = createConsoleLogger('info');
  const speed = values['demo-speed'] === 'fast' ? 'fast' : 'real';
  const app = await createWebApp({
    dataDir: resolve(values['data-dir']),
    rendererDir: resolve(values['renderer-dir']),
    port: Number(values.port),
    demo: createDemoGateway(speed),
    log,
  });
  process.stdout.write(`\nAtelier is running (web mode).\nOpen: ${app.host.url}\nData: ${resolve(values['data-dir'])}\n\n`);
  const stop = () => void app.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
