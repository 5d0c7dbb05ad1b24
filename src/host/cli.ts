import { homedir, userInfo } from 'node:os';
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
      // Team mode: the shared ledger and where media live. Credentials: see README, "Team mode".
      team: { type: 'string' },
      media: { type: 'string' },
      member: { type: 'string', default: userInfo().username },
    },
  });
  if ((values.team === undefined) !== (values.media === undefined)) {
    process.stderr.write('--team and --media go together: a postgres:// address and an s3:// address or a shared folder.\n');
    process.exit(2);
  }
  const log = createConsoleLogger('info');
  const speed = values['demo-speed'] === 'fast' ? 'fast' : 'real';
  const app = await createWebApp({
    dataDir: resolve(values['data-dir']),
    rendererDir: resolve(values['renderer-dir']),
    port: Number(values.port),
    demo: createDemoGateway(speed),
    log,
    ...(values.team && values.media ? { team: { postgresUrl: values.team, media: values.media, member: values.member, env: process.env } } : {}),
  });
  const team = app.core.team ? `Team: ${app.core.team.member} (media: ${app.core.team.media.kind})\n` : '';
  process.stdout.write(`\nAtelier is running (web mode).\nOpen: ${app.host.url}\nData: ${resolve(values['data-dir'])}\n${team}\n`);
  const stop = () => void app.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  // A wrong flag or an unreachable team database: one clear line, no stack.
  process.stderr.write(`Atelier could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
