import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SimFault, SimOptions } from '../../src/sim';
import type { CompactLogEntry, SimRpc, SimRpcReply } from './sim-rpc';

export interface SimProcess {
  baseUrl: string;
  apiKey: string;
  pid: number | undefined;
  log(): Promise<CompactLogEntry[]>;
  clearLog(): Promise<void>;
  setFaults(faults: SimFault[]): Promise<void>;
  describe(url: string): Promise<{ sha256: string; size: number } | null>;
  /** Task id → when the simulator finishes it (ms epoch). */
  finishTimes(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** Starts the simulator in a child process (see sim-child.ts) and talks to it over IPC. */
export async function startSimProcess(options: SimOptions): Promise<SimProcess> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./sim-child.ts', import.meta.url)),
    [JSON.stringify(options)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const ready = await new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { baseUrl: string; apiKey: string }));
    child.once('exit', (code) => reject(new Error(`simulator child exited (${code})`)));
  });
  let next = 0;
  const pending = new Map<number, (v: unknown) => void>();
  child.on('message', (m) => {
    const reply = m as SimRpcReply;
    pending.get(reply.id)?.(reply.result);
    pending.delete(reply.id);
  });
  const call = (op: SimRpc['op'], arg?: unknown): Promise<unknown> =>
    new Promise((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      child.send({ id, op, arg } satisfies SimRpc);
    });
  return {
    ...ready,
    pid: child.pid,
    log: async () => (await call('log')) as CompactLogEntry[],
    clearLog: async () => void (await call('clearLog')),
    setFaults: async (faults) => void (await call('setFaults', faults)),
    describe: async (url) => (await call('describe', url)) as { sha256: string; size: number } | null,
    finishTimes: async () => (await call('finishTimes')) as Record<string, number>,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
