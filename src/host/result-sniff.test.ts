import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../sim';
import { openBridge, profileInput, startTestWebApp, type BridgeSocket, type Reply } from './test-support/bridge-socket';

/**
 * Issue 26 item 3, as a hostile page plays it through the running web host: its own profile on a gateway
 * (the simulator) whose result URL ends `.sh` and serves a shell script as octet-stream, a library folder
 * and a file-name pattern of its choosing. Nothing but known media may land on disk.
 */
const KEY = 'sk-sniff-0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
let sim: Simulator;
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;
let folder: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, speed: 'instant' });
  app = await startTestWebApp();
  bridge = await openBridge(app);
  folder = mkdtempSync(join(tmpdir(), 'atelier-hostile-lib-'));
  await bridge.call('saveProfile', profileInput('evil', sim.baseUrl));
  await bridge.call('setProfileKey', { id: 'evil', key: KEY });
  await bridge.call('selectProfile', { id: 'evil' });
  expect(
    await bridge.call('updatePreferences', { libraryDir: folder, fileNamePattern: 'zz-{index}' }),
  ).toMatchObject({ ok: true });
});
afterAll(async () => {
  bridge.close();
  await app.close();
  await sim.close();
  rmSync(folder, { recursive: true, force: true });
});

const value = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};
type Summary = { id: string; status: string; results: { state: string; file: string | null; mime: string | null; error: string | null }[] };

async function submitAndSettle(prompt: string): Promise<Summary> {
  const { id } = value<{ id: string }>(
    await bridge.call('submitTask', {
      operationId: 'gateway.text2image',
      values: { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 1 },
      extra: {},
    }),
  );
  const until = Date.now() + 15_000;
  for (;;) {
    const t = value<Summary>(await bridge.call('getTask', { id }));
    const busy = t.results.some((r) => r.state === 'pending' || r.state === 'downloading');
    if (['succeeded', 'failed', 'cancelled'].includes(t.status) && !busy) return t;
    if (Date.now() > until) throw new Error(`task did not settle: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const leftovers = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('results are sniffed by their bytes (issue 26 item 3)', () => {
  it('a .sh result served as octet-stream fails with a plain reason and leaves nothing on disk', async () => {
    sim.setFaults([{ kind: 'foreignResult', times: 1 }]);
    const task = await submitAndSettle('a fox');
    sim.setFaults([]);
    const served = sim.log.filter((e) => e.family === 'files').map((e) => e.path);
    expect(served.some((p) => /\/zz-1\.sh$/.test(p))).toBe(true); // the gateway really sent the script
    expect(task.results[0]).toMatchObject({ state: 'failed', file: null });
    expect(task.results[0]?.error).toMatch(/not an image, video or audio file.*script.*not saved/);
    expect(leftovers(folder)).toEqual([]); // no zz-1.sh, no zz-1.bin, nothing
    expect(leftovers(join(app.dataDir, 'downloads')).filter((f) => f.startsWith(task.id))).toEqual([]); // no part file
  });

  it('a real image is stored under the extension its bytes say, with that type', async () => {
    const task = await submitAndSettle('a heron');
    expect(task.results[0]).toMatchObject({ state: 'done', mime: 'image/png', file: 'zz-1.png' });
    const bytes = readFileSync(join(folder, 'zz-1.png'));
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('auto-run folders are refused as the library folder (issue 26 item 3)', () => {
  const home = () => mkdtempSync(join(tmpdir(), 'atelier-home-'));
  it.each([
    ['AppData', 'Roaming', 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup'],
    ['ProgramData', 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'StartUp'],
    ['.config', 'autostart'],
    ['Library', 'LaunchAgents'],
    ['.bashrc.d'],
    ['.config', 'fish', 'conf.d'],
    ['.config', 'systemd', 'user'],
  ])('%s/… is refused, and so is a folder inside it', async (...parts: string[]) => {
    const root = home();
    try {
      const dir = join(root, ...parts);
      mkdirSync(join(dir, 'inner'), { recursive: true });
      for (const d of [dir, join(dir, 'inner')])
        expect(await bridge.call('updatePreferences', { libraryDir: d })).toMatchObject({
          ok: false,
          error: { code: 'invalid_input', fields: { libraryDir: 'autoRunFolder' } },
        });
      expect(value<{ libraryDir: string }>(await bridge.call('getPreferences', {})).libraryDir).toBe(folder);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
