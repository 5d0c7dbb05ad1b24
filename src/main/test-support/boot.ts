import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventChannel, methodChannel, type MethodName } from '../../shared/bridge';
import type { DevSwitches } from '../dev-switches';
import { configureApp, startApp, type RunningApp } from '../main-process';
import { recorder, type FakeWindow } from './electron-recorder';

export interface Booted {
  running: RunningApp;
  win: FakeWindow;
  dir: string;
  rendererDir: string;
  invoke(
    method: MethodName,
    input: unknown,
    event?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
  trustedEvent(): { sender: unknown; senderFrame: unknown };
  close(): Promise<void>;
}

/** Starts main's real `startApp` (real core, SQLite, demo simulator) against the recording Electron. */
export async function boot(
  opts: { prepare?: (userData: string) => void; switches?: Partial<DevSwitches> } = {},
): Promise<Booted> {
  recorder.reset();
  const dir = mkdtempSync(join(tmpdir(), 'atelier-main-'));
  const userData = join(dir, 'userData');
  const rendererDir = join(dir, 'renderer');
  mkdirSync(userData, { recursive: true });
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Atelier</title>');
  recorder.paths = { userData, downloads: join(dir, 'downloads') };
  opts.prepare?.(userData);
  const switches: DevSwitches = {
    rendererUrl: null,
    userData: null,
    saveDir: null,
    demoSpeed: 'instant',
    ...opts.switches,
  };
  configureApp(switches);
  const running = await startApp({ switches, rendererDir, preloadDir: join(dir, 'preload') });
  const win = recorder.windows[0];
  if (!win) throw new Error('main opened no window');
  const trustedEvent = () => ({ sender: win.webContents, senderFrame: win.webContents.mainFrame });
  return {
    running,
    win,
    dir,
    rendererDir,
    trustedEvent,
    async invoke(method, input, event) {
      const handler = recorder.ipcHandlers.get(methodChannel(method));
      if (!handler) throw new Error(`no IPC handler for ${method}`);
      return (await handler(event ?? trustedEvent(), input)) as never;
    },
    async close() {
      await running.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Submits a text-to-image task on the instant demo gateway and waits (by events) until its file is on disk. */
export async function finishedTask(b: Booted): Promise<{ id: string; file: string }> {
  const submitted = await b.invoke('submitTask', {
    operationId: 'gateway.text2image',
    values: { model: '{vendor}_3.0_text2image', prompt: 'a lighthouse', aspect_ratio: '1:1', n: 1 },
    extra: {},
  });
  if (!submitted.ok) throw new Error(`submit failed: ${JSON.stringify(submitted.error)}`);
  const id = (submitted.value as { id: string }).id;
  for (;;) {
    const task = await b.invoke('getTask', { id });
    const results = (task.value as { results: { state: string; file?: string }[] }).results;
    const first = results[0];
    if (first?.file && results.every((r) => r.state === 'done'))
      return { id, file: join(b.running.core.mediaRoots().library, first.file) };
    if (results.some((r) => r.state === 'failed')) throw new Error('the download failed');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The IPC event channel main forwards a core event on. */
export const sentOn = (event: Parameters<typeof eventChannel>[0]): unknown[] =>
  recorder
    .callsOf('webContents.send')
    .filter((args) => args[0] === eventChannel(event))
    .map((args) => args[1]);
