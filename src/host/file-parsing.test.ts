import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_LIMITS } from '../core/provenance/damaged';
import { hostileFile } from '../core/provenance/test-support/hostile-arbitraries';
import { charRefJpeg, deepPng, nested, pngWithSettings, settingsJson } from '../core/provenance/test-support/hostile-files';
import type { Handlers } from '../shared/bridge';
import { openBridge, startTestWebApp, type BridgeSocket, type Reply } from './test-support/bridge-socket';

/**
 * Issue 26 items 1, 4, 13 through the running web host: hostile files uploaded as the page does, then
 * `inspectInput` over the real WebSocket. The host answers a clear error and keeps answering.
 */
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;
beforeAll(async () => {
  app = await startTestWebApp();
  bridge = await openBridge(app);
});
afterAll(async () => {
  bridge.close();
  await app.close();
});

/** POSTs the file as the page does, on a fresh connection (a pooled one may be closed by the server's keep-alive timer). */
function upload(name: string, body: Uint8Array): Promise<string> {
  return uploadReply(name, body).then((r) => {
    if (!r.ok) throw new Error(`upload refused: ${JSON.stringify(r)}`);
    return r.value.id;
  });
}

function uploadReply(name: string, body: Uint8Array): Promise<{ ok: true; value: { id: string } } | { ok: false }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: app.host.port,
        method: 'POST',
        path: `/upload?token=${app.host.token}&name=${name}`,
        headers: { origin: app.host.origin, host: `127.0.0.1:${app.host.port}`, 'content-length': body.length },
        agent: false,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(JSON.parse(text || '{"ok":false}') as { ok: true; value: { id: string } } | { ok: false }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const stillUp = async () => expect(await bridge.call('listBoards', {})).toMatchObject({ ok: true });
const damaged = {
  ok: false,
  error: { code: 'invalid_input', message: expect.stringMatching(/settings are damaged/), fields: { file: 'damagedSettings' } },
};

describe('a hostile file never takes the host down (issue 26 item 1)', () => {
  it('a PNG whose settings nest 6,000 arrays deep answers "damaged", and the host keeps answering', async () => {
    const id = await upload('deep.png', deepPng());
    expect(await bridge.call('inspectInput', { id })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: "This file's Atelier settings are damaged: they are nested too deeply.",
        fields: { file: 'damagedSettings' },
      },
    });
    await stillUp();
  });

  it('a JPEG XMP holding &#99999999; answers "damaged", not internal (item 13)', async () => {
    const id = await upload('charref.jpg', charRefJpeg());
    expect(await bridge.call('inspectInput', { id })).toMatchObject(damaged);
    await stillUp();
  });

  it('a handler that throws anything (even a value that cannot be printed) answers internal', async () => {
    const handlers = app.core.handlers as Record<keyof Handlers, unknown>;
    const original = handlers.listNotices;
    handlers.listNotices = () => Promise.reject(Object.create(null) as object);
    try {
      expect(await bridge.call('listNotices', {})).toEqual({
        ok: false,
        error: { code: 'internal', message: 'listNotices failed unexpectedly' },
      });
    } finally {
      handlers.listNotices = original;
    }
    await stillUp();
  });

  it('a reply too deep to serialise answers internal instead of ending the process', async () => {
    const handlers = app.core.handlers as Record<keyof Handlers, unknown>;
    const original = handlers.inspectInput;
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    handlers.inspectInput = async () => ({
      provenance: { ...(JSON.parse(settingsJson('"x"')) as object), values: { deep } },
      task: null,
      note: null,
    });
    try {
      const id = await upload('plain.png', pngWithSettings(settingsJson('"x"')));
      const reply: Reply = await bridge.call('inspectInput', { id });
      expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'inspectInput produced a reply that cannot be sent' } });
    } finally {
      handlers.inspectInput = original;
    }
    expect(app.logs.some((l) => l.message === 'bridge reply cannot be sent')).toBe(true);
    await stillUp();
  });

  it('settings within the bounds still come back (control)', async () => {
    const id = await upload('fine.png', pngWithSettings(settingsJson(nested(SETTINGS_LIMITS.maxDepth - 2))));
    expect(await bridge.call('inspectInput', { id })).toMatchObject({
      ok: true,
      value: { provenance: { taskId: 'task-hostile' }, note: null },
    });
  });
});

describe('inspecting a large file leaves the host responsive (issue 26 item 4)', () => {
  it('while a 40 MB PNG with huge settings is inspected, other calls keep answering within a second', async () => {
    // Settings of ~40 MB: before the fix they were read, parsed and echoed on the main thread (11 s
    // blocked here, 550 MB RSS). Now the part is over the bound, so it is peeked at in a worker and refused.
    const big = `[${Array.from({ length: 4_000_000 }, (_, i) => `"v${i}"`).join(',')}]`;
    const id = await upload('big.png', pngWithSettings(settingsJson(big)));
    let inspected = false;
    const inspect = bridge.call('inspectInput', { id }).finally(() => (inspected = true));
    // The host runs in this process: each turn of this loop (a bridge call, then a 10 ms timer) can only
    // complete when the event loop is free, so the longest turn is the longest the host stalled. The
    // bound is the issue's own ("within a second"); the old code stalled here for 11 s.
    let pings = 0;
    let longestTurn = 0;
    let last = performance.now();
    while (!inspected && longestTurn < 11_000) {
      expect(await bridge.call('listNotices', {})).toMatchObject({ ok: true });
      if (!inspected) pings++;
      await new Promise((r) => setTimeout(r, 10));
      longestTurn = Math.max(longestTurn, performance.now() - last);
      last = performance.now();
    }
    // The behaviour: other calls are answered while the inspect runs (the old code answered none until it
    // had finished). The stall bound is the second with headroom for a loaded 2-core CI machine;
    // the old code stalled 11 s on a quiet one.
    expect(pings).toBeGreaterThan(2);
    expect(longestTurn).toBeLessThan(2500);
    expect(await inspect).toMatchObject(damaged);
  }, 150_000);
});

describe('the host survives hostile files (fuzz through the running host)', () => {
  it('every upload-then-inspect answers settings, "none" or a clear error, never internal', async () => {
    const answers = new Set<string>();
    await fc.assert(
      fc.asyncProperty(hostileFile, async (file) => {
        const staged = await uploadReply('fuzz.bin', file);
        if (!staged.ok) return; // not media by its bytes: refused at staging, as it should be
        const reply = await bridge.call('inspectInput', { id: staged.value.id });
        if (reply.ok) answers.add((reply.value as { provenance: unknown }).provenance ? 'settings' : 'none');
        else {
          expect(reply.error.code).toBe('invalid_input');
          expect(reply.error.fields).toEqual({ file: 'damagedSettings' });
          answers.add('damaged');
        }
      }),
      { numRuns: 40 },
    );
    expect(answers.size).toBeGreaterThan(1);
    await stillUp();
  }, 120_000);
});
