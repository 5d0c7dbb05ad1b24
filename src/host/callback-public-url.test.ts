import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../sim';
import { startTestCore } from '../core/test-support/core-harness';
import { openBridge, profileInput, startTestWebApp, type BridgeSocket } from './test-support/bridge-socket';

/** Issue 26 item 11: `callbacks.publicUrl` is sent to the gateway as `callbackUrl`; only absolute http(s) URLs. */
let sim: Simulator;
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'public-url-key', speed: 'instant' });
  app = await startTestWebApp();
  bridge = await openBridge(app);
});
afterAll(async () => {
  bridge.close();
  await app.close();
  await sim.close();
});

const withPublicUrl = (id: string, publicUrl: string) =>
  profileInput(id, sim.baseUrl, { callbacks: { enabled: true, publicUrl, localPort: 0 } });

describe('callbacks.publicUrl through the bridge', () => {
  for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 'ftp://tunnel.example.com', 'https://', 'http://user:pw@tunnel.example.com']) {
    it(`refuses ${JSON.stringify(bad)} with a message at the field, and saves nothing`, async () => {
      const reply = await bridge.call('saveProfile', withPublicUrl('bad', bad));
      expect(reply.ok).toBe(false);
      if (reply.ok) return;
      expect(reply.error.code).toBe('invalid_input');
      expect(reply.error.fields?.['callbacks.publicUrl']).toMatch(/http:\/\/ or https:\/\/|user:password/);
      const listed = await bridge.call('listProfiles', {});
      expect(listed.ok && (listed.value as { id: string }[]).some((p) => p.id === 'bad')).toBe(false);
    });
  }

  it('accepts an absolute https URL, and an empty one (the local receiver)', async () => {
    expect(await bridge.call('saveProfile', withPublicUrl('tunnel', 'https://my-tunnel.example.com/hooks'))).toMatchObject({
      ok: true,
      value: { callbacks: { publicUrl: 'https://my-tunnel.example.com/hooks' } },
    });
    expect(await bridge.call('saveProfile', withPublicUrl('local', ''))).toMatchObject({ ok: true, value: { callbacks: { publicUrl: '' } } });
  });
});

it('a profile saved earlier with a bad public URL is kept, with that URL cleared: it is never sent as callbackUrl', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-public-url-'));
  try {
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify([withPublicUrl('old', 'javascript:alert(1)')]));
    writeFileSync(join(dataDir, 'preferences.json'), JSON.stringify({ activeProfileId: 'old' }));
    const t = await startTestCore(sim, { dataDir });
    try {
      const old = (await t.core.handlers.listProfiles({})).find((p) => p.id === 'old');
      expect(old?.callbacks.publicUrl).toBe('');
      await t.core.handlers.setProfileKey({ id: 'old', key: sim.apiKey, acceptWeakStorage: true });
      await t.core.handlers.selectProfile({ id: 'old' });
      await t.core.handlers.submitTask({
        operationId: 'gateway.text2image',
        values: { model: '{vendor}_3.0_text2image', prompt: 'called back', aspect_ratio: '1:1', n: 1 },
        extra: {},
      });
      const sent = sim.log.filter((e) => e.method === 'POST' && e.path === '/open/aigw/gateway/generations').at(-1);
      expect((sent?.json as { callbackUrl?: string }).callbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      await t.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
