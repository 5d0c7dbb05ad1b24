import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';

export const machineLineSchema = z.looseObject({ type: z.string() });
export type MachineLine = z.infer<typeof machineLineSchema> & Record<string, unknown>;

export interface TaskLine {
  type: 'task';
  id: string;
  status: string;
  remoteId: string | null;
  results: { state: string; file: string | null; sha256: string | null }[];
  at: number;
}

const CHILD = resolve(import.meta.dirname, 'team-child.ts');

/** A team machine (team-child.ts) in its own process, with everything it printed and a way to wait for a line. */
export class Machine {
  readonly lines: MachineLine[] = [];
  /** Each waiter is shown every new line once (never the whole history again: long runs stay linear). */
  private readonly waiters = new Set<(line: MachineLine | null) => void>();
  exited = false;

  constructor(
    readonly name: string,
    readonly proc: ChildProcessWithoutNullStreams,
  ) {
    createInterface({ input: proc.stdout }).on('line', (line) => {
      let parsed: MachineLine;
      try {
        parsed = machineLineSchema.parse(JSON.parse(line)) as MachineLine;
      } catch {
        return;
      }
      this.lines.push(parsed);
      for (const w of [...this.waiters]) w(parsed);
    });
    proc.stderr.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
    proc.once('exit', () => {
      this.exited = true;
      for (const w of [...this.waiters]) w(null);
    });
  }

  send(command: Record<string, unknown>): void {
    this.proc.stdin.write(`${JSON.stringify(command)}\n`);
  }

  /** The first line (already printed or still to come) that `match` accepts. */
  waitFor<T extends MachineLine = MachineLine>(match: (line: MachineLine) => boolean, timeoutMs = 20_000, what = 'a line'): Promise<T> {
    return new Promise((res, rej) => {
      const hit = (line: MachineLine): void => {
        done();
        res(line as T);
      };
      const check = (line: MachineLine | null): void => {
        if (line && match(line)) hit(line);
        else if (line === null) {
          done();
          rej(new Error(`${this.name} exited before ${what}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        rej(new Error(`${this.name}: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const earlier = this.lines.find(match);
      if (earlier) return hit(earlier);
      if (this.exited) return check(null);
      this.waiters.add(check);
    });
  }

  /**
   * Until the machine's change feed is live (its `ready` comes once its core runs; the feed connects just
   * after). Before that, a Generate waits in the line, saying the team database is not reached yet.
   */
  async whenLive(timeoutMs = 20_000): Promise<void> {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const before = this.lines.length;
      this.send({ op: 'status' });
      const status = await this.waitFor((l) => l.type === 'status' && this.lines.indexOf(l) >= before, 5_000, 'status');
      if (status['feed'] === 'live') return;
    }
    throw new Error(`${this.name}: the team feed was not live within ${timeoutMs} ms`);
  }

  /** The latest state this machine reported for each task. */
  tasks(): Map<string, TaskLine> {
    const m = new Map<string, TaskLine>();
    for (const l of this.lines) if (l.type === 'task') m.set(l['id'] as string, l as unknown as TaskLine);
    return m;
  }

  kill(signal: NodeJS.Signals): void {
    this.proc.kill(signal);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((r) => this.proc.once('exit', r));
    // A profiled machine exits by itself, so its profile is written (see startMachine); others are killed.
    if (process.env['TEAM_MACHINE_CPU_PROF']) {
      this.proc.kill('SIGTERM');
      const late = setTimeout(() => this.proc.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(late);
      return;
    }
    this.proc.kill('SIGKILL');
    await gone;
  }
}

/**
 * Starts a machine and waits until it has joined the team and its core runs. `cpus` (a `taskset -c` list,
 * Linux): the machine runs only on those cores (the bench keeps the machine it measures off the cores the
 * simulator, the database and the other machines use).
 */
export async function startMachine(name: string, config: Record<string, unknown>, timeoutMs = 60_000, cpus?: string): Promise<Machine> {
  // `TEAM_MACHINE_CPU_PROF=<dir>`: each machine writes a CPU profile per thread into <dir>/<name> when it stops (to profile
  // the bench; the main thread's is the largest, the other is tsx's module loader).
  const profDir = process.env['TEAM_MACHINE_CPU_PROF'];
  const prof = profDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profDir, name)}`] : [];
  const argv = [process.execPath, ...prof, '--import', 'tsx', CHILD, JSON.stringify(config)];
  // taskset execs node in its own process: the child's pid (and signals to it) are the machine's.
  const [file, ...args] = cpus ? ['taskset', '-c', cpus, ...argv] : argv;
  const proc = spawn(file ?? process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  const m = new Machine(name, proc);
  await m.waitFor((l) => l.type === 'ready', timeoutMs, 'ready');
  return m;
}

/** A task is done on a machine: succeeded with every result downloaded (or fetched from the media store). */
export const finished = (l: MachineLine, id?: string): boolean =>
  l.type === 'task' && (id === undefined || l['id'] === id) && l['status'] === 'succeeded' && (l as unknown as TaskLine).results.length > 0 && (l as unknown as TaskLine).results.every((r) => r.state === 'done');
