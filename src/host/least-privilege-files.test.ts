import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../shared/bridge';
import { makePng } from '../core/test-support/core-harness';
import { startSimulator, type Simulator } from '../sim';
import { openBridge, profileInput, startTestWebApp, type BridgeSocket } from './test-support/bridge-socket';

/** Issue 13, "Files": what a token holder could read or plant through the running web host, refused. */
const KEY = 'sk-files-0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
let sim: Simulator;
let app: Awaited<ReturnType<typeof startTestWebApp>>;
let bridge: BridgeSocket;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: KEY, speed: 'instant' });
  app = await startTestWebApp();
  bridge = await openBridge(app);
  await bridge.call('saveProfile', profileInput('g', sim.baseUrl));
  await bridge.call('setProfileKey', { id: 'g', key: KEY });
});
afterAll(async () => {
  bridge.close();
  await app.close();
  await sim.close();
});

const base = () => `http://127.0.0.1:${app.host.port}`;
const media = (path: string) => fetch(`${base()}/media/${path}?token=${app.host.token}`);
const upload = (name: string, body: Uint8Array) =>
  fetch(`${base()}/upload?token=${app.host.token}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    headers: { origin: app.host.origin },
  });

describe('files: the page names only files the user chose', () => {
  it('web mode refuses stageInputFromPath, so secrets.json or /etc/passwd can never be staged and served', async () => {
    for (const path of [join(app.dataDir, 'secrets.json'), '/etc/passwd'])
      expect(await bridge.call('stageInputFromPath', { path })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
  });

  it('staging sniffs the bytes: a text file named .png is refused; a real PNG is staged and served', async () => {
    const fake = await upload('secrets.png', new TextEncoder().encode('{"g":"sk-not-an-image"}'));
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: { file: 'notMedia' } },
    });
    const bytes = await dispatch(app.core.handlers, 'stageInputBytes', {
      name: 'a.png',
      mime: 'image/png',
      bytes: new TextEncoder().encode('#!/bin/sh'),
    });
    expect(bytes).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const real = await upload('photo.jpg', new Uint8Array(makePng(8, 8)));
    expect(real.status).toBe(200);
    const ref = ((await real.json()) as { value: { id: string; mime: string; name: string } }).value;
    expect(ref).toMatchObject({ mime: 'image/png', name: 'photo.jpg' });
    expect(ref.id).toMatch(/\.png$/);
    expect((await media(`inputs/${ref.id}`)).status).toBe(200);
  });

  it('media serves only files Atelier wrote or staged, never another file in the library folder', async () => {
    const library = app.core.mediaRoots().library;
    mkdirSync(library, { recursive: true });
    writeFileSync(join(library, 'stray.png'), makePng(4, 4));
    expect((await media('library/stray.png')).status).toBe(404);
    writeFileSync(join(app.core.mediaRoots().inputs, `${'c'.repeat(64)}.png`), makePng(4, 4));
    expect((await media(`inputs/${'c'.repeat(64)}.png`)).status).toBe(200); // a staged input id the store holds
    writeFileSync(join(app.core.mediaRoots().inputs, 'notes.txt'), 'hello');
    expect((await media('inputs/notes.txt')).status).toBe(404);
  });

  it('the library folder cannot be the data folder, an ancestor of it, or the root', async () => {
    for (const dir of [app.dataDir, join(app.dataDir, '..'), '/'])
      expect(await bridge.call('updatePreferences', { libraryDir: dir })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    expect(await bridge.call('getPreferences', {})).toMatchObject({ ok: true, value: { libraryDir: '' } });
  });

  it('a "result" input naming ../secrets.json is refused: core reads only the file its task records', async () => {
    await bridge.call('updatePreferences', { libraryDir: '' }); // the default library, next to secrets.json
    await bridge.call('selectProfile', { id: 'g' });
    sim.clearLog();
    const reply = await bridge.call('submitTask', {
      operationId: 'gateway.motionControl',
      values: {
        model: '{vendor}_2.6_motion_control',
        image_url: {
          kind: 'result',
          taskId: 'not-a-task',
          index: 0,
          remoteUrl: null,
          file: '../secrets.json',
          mime: 'image/png',
        },
        video_url: { kind: 'url', url: 'https://cdn.example.test/motion.mp4' },
        mode: 'std',
      },
      extra: {},
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(sim.log.filter((e) => e.method === 'POST')).toEqual([]); // nothing (no secrets.json) reached the gateway
    await bridge.call('selectProfile', { id: 'demo' });
  });

  it('the data folder is 0700 and its files 0600', async () => {
    if (process.platform === 'win32') return; // POSIX permission bits only
    expect(statSync(app.dataDir).mode & 0o777).toBe(0o700);
    for (const f of ['secrets.json', 'profiles.json', 'atelier.db'])
      expect(statSync(join(app.dataDir, f)).mode & 0o777, f).toBe(0o600);
  });
});
