/**
 * Chaos phase 5's first life of the app: core + its demo gateway in one process, so one SIGKILL takes both
 * down, as a crash of the desktop app does. Prints STARTED, submits `count` tasks at once, works until killed.
 */
import { startDemoApp } from './demo-app';
import { submitChaosTask } from './workload';

const [dataDir, countText, runText] = process.argv.slice(2);

async function main(): Promise<void> {
  const app = await startDemoApp(dataDir ?? '');
  process.stdout.write('STARTED\n');
  await Promise.allSettled(
    Array.from({ length: Number(countText) }, (_, i) => submitChaosTask(app.core, Number(runText), i)),
  );
  process.stdout.write('SUBMITTED\n');
}

// The engine's timers are unref'd; this process must stay up until it is killed.
setInterval(() => undefined, 1_000);
void main();
