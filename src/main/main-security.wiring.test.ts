import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP } from '../core/app-server';
import { devSwitches } from './dev-switches';
import { configureApp } from './main-process';
import { boot, type Booted } from './test-support/boot';
import { recorder } from './test-support/electron-recorder';

vi.mock('electron', async () => (await import('./test-support/electron-recorder')).electronModule);

/**
 * Main's security wiring, driven through what it registered on the recording Electron: break the wiring
 * (unhook will-navigate, drop the sender check, skip hardenSession, write keys without safeStorage) and
 * these fail.
 */
let b: Booted;
beforeEach(async () => {
  b = await boot();
});
afterEach(async () => b.close());

const navigationListeners = (event: 'will-navigate' | 'will-redirect') =>
  b.win.webContents.listeners.get(event) ?? [];

describe('the window', () => {
  it('is sandboxed and isolated, and every renderer gets the sandbox', () => {
    const prefs = b.win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(recorder.callsOf('app.enableSandbox')).toHaveLength(1);
    expect(recorder.callsOf('win.loadURL')[0]).toEqual(['atelier-app://app/index.html']);
  });

  it('prevents navigation and redirects away from our origin', () => {
    for (const event of ['will-navigate', 'will-redirect'] as const) {
      expect(navigationListeners(event).length).toBeGreaterThan(0);
      for (const url of ['https://evil.example/', 'atelier-app://app.evil/', 'file:///etc/passwd']) {
        const preventDefault = vi.fn();
        for (const l of navigationListeners(event)) l({ preventDefault }, url);
        expect(preventDefault, `${event} ${url}`).toHaveBeenCalled();
      }
      const allowed = vi.fn();
      for (const l of navigationListeners(event))
        l({ preventDefault: allowed }, 'atelier-app://app/index.html#/gallery');
      expect(allowed).not.toHaveBeenCalled();
    }
  });

  it('denies window.open; only http(s) goes to the OS browser', () => {
    const handler = b.win.webContents.windowOpenHandler;
    expect(handler).not.toBeNull();
    expect(handler?.({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(recorder.callsOf('shell.openExternal')).toEqual([['https://example.com/docs']]);
  });
});

describe('the session', () => {
  it('denies every permission request and check, and sends the CSP on every response', () => {
    const { permissionRequest, permissionCheck, headersReceived } = recorder.session;
    expect(permissionRequest && permissionCheck && headersReceived).toBeTruthy();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const callback = vi.fn();
      permissionRequest?.(b.win.webContents, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(permissionCheck?.(b.win.webContents, permission)).toBe(false);
    }
    const callback = vi.fn();
    headersReceived?.({ responseHeaders: { 'x-a': ['1'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'x-a': ['1'], 'Content-Security-Policy': [RENDERER_CSP] },
    });
  });
});

describe('IPC', () => {
  it('answers our window, top frame and origin', async () => {
    expect((await b.invoke('getAppInfo', {})).ok).toBe(true);
  });

  it('refuses a foreign frame, a foreign origin and another webContents', async () => {
    const wc = b.win.webContents;
    const foreign = [
      { sender: wc, senderFrame: { url: 'atelier-app://app/index.html' } }, // an iframe, not the main frame
      { sender: { ...wc }, senderFrame: wc.mainFrame }, // another webContents
    ];
    for (const event of foreign)
      expect(await b.invoke('getAppInfo', {}, event)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    wc.mainFrame.url = 'https://evil.example/';
    expect(await b.invoke('getAppInfo', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('the atelier-app: protocol', () => {
  it('serves the renderer with the CSP through the shared handler; other hosts get 404', async () => {
    const handle = recorder.protocolHandlers.get('atelier-app');
    expect(handle).toBeDefined();
    const page = await handle!(new Request('atelier-app://app/index.html'));
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await page.text()).toContain('<title>Atelier</title>');
    expect((await handle!(new Request('atelier-app://other/index.html'))).status).toBe(404);
    expect(recorder.privilegedSchemes).toEqual([
      {
        scheme: 'atelier-app',
        privileges: expect.objectContaining({ standard: true, secure: true, stream: true }),
      },
    ]);
  });
});

describe('keys through safeStorage', () => {
  const key = 'sk-live-plaintext-canary-0123456789';
  const profile = { id: 'work', name: 'Work', baseUrl: 'https://gw.example.com' };
  const everyFileContains = (text: string): string[] =>
    readdirSync(b.running.core.mediaRoots().library.replace(/library$/, ''), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .filter((f) => readFileSync(f).includes(text));

  it('with encryption unavailable, the key is refused and nothing is written in plaintext', async () => {
    recorder.safeStorage.available = false;
    expect((await b.invoke('saveProfile', profile)).ok).toBe(true);
    const reply = await b.invoke('setProfileKey', { id: 'work', key });
    expect(reply.ok).toBe(false);
    expect(everyFileContains(key)).toEqual([]);
  });

  it('with only the weak Linux backend, a key is stored only after the user agreed', async () => {
    await b.close();
    b = await boot({ prepare: () => (recorder.safeStorage.backend = 'basic_text') });
    const info = await b.invoke('getAppInfo', {});
    expect(info.value).toMatchObject({ secretStorage: { kind: 'weak' } });
    expect((await b.invoke('saveProfile', profile)).ok).toBe(true);
    expect(await b.invoke('setProfileKey', { id: 'work', key })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(recorder.callsOf('safeStorage.encryptStringAsync')).toEqual([]);
    expect((await b.invoke('setProfileKey', { id: 'work', key, acceptWeakStorage: true })).ok).toBe(true);
    expect(recorder.callsOf('safeStorage.encryptStringAsync')).toEqual([[key]]);
    expect(everyFileContains(key)).toEqual([]);
  });

  it('stores only safeStorage ciphertext when encryption is available', async () => {
    expect((await b.invoke('saveProfile', profile)).ok).toBe(true);
    expect((await b.invoke('setProfileKey', { id: 'work', key })).ok).toBe(true);
    expect(recorder.callsOf('safeStorage.encryptStringAsync')).toEqual([[key]]);
    expect(everyFileContains(key)).toEqual([]);
  });
});

describe('dev and test switches', () => {
  const env = {
    ELECTRON_RENDERER_URL: 'https://evil.example',
    ATELIER_USER_DATA: '/tmp/x',
    ATELIER_TEST_SAVE_DIR: '/tmp/y',
    ATELIER_DEMO_SPEED: 'instant',
  };
  it('are honoured only when the app is not packaged', () => {
    expect(devSwitches(env)).toEqual({
      rendererUrl: 'https://evil.example',
      userData: '/tmp/x',
      saveDir: '/tmp/y',
      demoSpeed: 'instant',
    });
    recorder.packaged = true;
    expect(devSwitches(env)).toEqual({ rendererUrl: null, userData: null, saveDir: null, demoSpeed: 'real' });
  });

  it('a packaged app finds the demo gateway’s clips in resources/sim', () => {
    const saved = { resourcesPath: process.resourcesPath, sim: process.env.ATELIER_SIM_RESOURCES };
    try {
      recorder.packaged = true;
      Object.assign(process, { resourcesPath: '/opt/Atelier/resources' });
      configureApp(devSwitches(env));
      expect(process.env.ATELIER_SIM_RESOURCES).toBe('/opt/Atelier/resources/sim');
      expect(recorder.paths.userData).not.toBe('/tmp/x');
    } finally {
      Object.assign(process, { resourcesPath: saved.resourcesPath });
      if (saved.sim === undefined) delete process.env.ATELIER_SIM_RESOURCES;
      else process.env.ATELIER_SIM_RESOURCES = saved.sim;
    }
  });
});
