/**
 * Chaos phase 5 (issue 14, Build 8): the app on its demo gateway is SIGKILLed mid-run (core and the demo
 * gateway die together) and started again on the same data folder. The demo gateway comes back on its
 * remembered port with its saved tasks, so every task it accepted must finish with its files; never-sent
 * tasks are sent with one click. The gateway's own saved state (every accepted task, written before the
 * answer) is the record of what it received: duplicates and "accepted but lost" are counted from it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PORT_FILE, DEMO_STATE_FILE } from '../../src/core/profiles/demo-persistence';
import type { TaskSummary } from '../../src/shared/domain/task';
import { startDemoApp } from './demo-app';
import { allTasks, quietTasks, verifyRun, type Verdict } from './verify';
import { tagFor } from './workload';

const SETTLE_MS = 120_000;
const tagOf = (t: TaskSummary): string | null => /\[chaos-\d+-\d+\]/.exec(t.prompt)?.[0] ?? null;

export interface DemoPhaseResult {
  verdict: Verdict;
  acceptedUnknown: number;
  notes: Record<string, string | number>;
}

/** The tasks the demo gateway has saved (every one it accepted). */
function savedTasks(dataDir: string): { prompt?: unknown }[] {
  const path = join(dataDir, DEMO_STATE_FILE);
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as { tasks?: { prompt?: unknown }[] }).tasks ?? [];
}

/** Tag → how many tasks the demo gateway accepted with it (a prompt that reaches the wire carries its tag). */
function acceptedByTag(dataDir: string, tags: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of savedTasks(dataDir)) {
    const prompt = typeof t.prompt === 'string' ? t.prompt : '';
    const tag = tags.find((x) => prompt.includes(x));
    if (tag) out.set(tag, (out.get(tag) ?? 0) + 1);
  }
  return out;
}

async function killedApp(dir: string, count: number, run: number, killAfterMs: number): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'demo-child.ts'), dir, String(count), String(run)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('STARTED')) ready();
    });
    child.stderr.on('data', (d: Buffer) => process.stderr.write(`demo child: ${d.toString()}`));
    child.once('exit', (code) => fail(new Error(`demo child exited early (${code})`)));
  });
  // The clock starts when the demo gateway has accepted (and saved) its first task.
  const giveUp = Date.now() + 60_000;
  while (!existsSync(join(dir, DEMO_STATE_FILE))) {
    if (child.exitCode !== null || Date.now() > giveUp)
      throw new Error('the demo gateway never accepted a task');
    await new Promise((r) => setTimeout(r, 5));
  }
  await new Promise((r) => setTimeout(r, killAfterMs));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  return out;
}

export async function demoRestartRun(count: number, run = 5): Promise<DemoPhaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-chaos-demo-'));
  const tags = Array.from({ length: count }, (_, i) => tagFor(run, i));
  try {
    const killAfterMs = Math.floor(Math.random() * 2_000);
    const printed = await killedApp(dir, count, run, killAfterMs);
    const portBefore = (JSON.parse(readFileSync(join(dir, DEMO_PORT_FILE), 'utf8')) as { port: number }).port;
    const heldBefore = savedTasks(dir).length;
    const app = await startDemoApp(dir);
    try {
      const tasks = await allTasks(app.core);
      const connection = await app.core.handlers.getConnection({});
      const sim = app.simulator();
      if (!sim) throw new Error('the demo gateway did not start again');
      const notSent = tasks.filter((t) => t.status === 'unknown' && t.rawStatus === 'not sent');
      for (const t of notSent) await app.core.handlers.checkTask({ id: t.id });
      const finals = await quietTasks(app.core, SETTLE_MS);
      const verdict = verifyRun(app.core, sim, finals, tags, tagOf);
      // What the gateway received before the kill is in its saved state, not in this process's request log.
      const accepted = acceptedByTag(dir, tags);
      const byTag = new Map(finals.map((t) => [tagOf(t), t]));
      // The saved state holds every task the gateway accepted, before and after the kill: the full count.
      verdict.duplicateSubmissions = [...accepted.values()].reduce((n, k) => n + Math.max(0, k - 1), 0);
      for (const tag of accepted.keys()) {
        if (!byTag.has(tag) && !verdict.lostDetail.some((d) => d.startsWith(tag))) {
          verdict.lost++;
          verdict.lostDetail.push(`${tag}: the demo gateway accepted it, Atelier has no task`);
        }
      }
      const acceptedUnknown = finals.filter(
        (t) => t.status === 'unknown' && (accepted.get(tagOf(t) ?? '') ?? 0) > 0,
      ).length;
      // A task the demo gateway forgot ends failed with a plain reason (never stuck), but its work is lost.
      const forgotten = finals.filter((t) => /could not restore this task/.test(t.error ?? '')).length;
      verdict.lost += forgotten;
      return {
        verdict,
        acceptedUnknown,
        notes: {
          'killed (ms after the first accepted task)': `${killAfterMs} (${printed.includes('SUBMITTED') ? 'after' : 'during'} submission)`,
          'demo gateway port before / after': `${portBefore} / ${new URL(connection.baseUrl).port}`,
          'tasks the demo gateway held at the kill / restored': `${heldBefore} / ${sim.restoredTasks}`,
          'never sent before the kill ("not sent"), sent with one click': notSent.length,
          'interrupted mid-submission (unknown, not resubmitted)': verdict.interruptedUnknown,
          'ended "could not restore" (target 0)': forgotten,
        },
      };
    } finally {
      await app.core.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
