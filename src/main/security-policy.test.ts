import { describe, expect, it } from 'vitest';
import {
  decideWindowOpen,
  isExternalLinkAllowed,
  isNavigationAllowed,
  isPermissionGranted,
  isTrustedSenderFacts,
  originOf,
} from './security-policy';

const APP = 'atelier-app://app';
const DEV = 'http://localhost:5173';

describe('originOf', () => {
  it('gives our custom standard scheme a real origin (WHATWG URL says "null")', () => {
    expect(new URL(`${APP}/index.html`).origin).toBe('null');
    expect(originOf(`${APP}/index.html`)).toBe(APP);
    expect(originOf('https://example.com:8443/a?b')).toBe('https://example.com:8443');
  });
  it('has no origin for opaque and malformed URLs', () => {
    for (const u of [
      'data:text/html,hi',
      'blob:atelier-app://app/123',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'about:blank',
      'not a url',
      '',
    ])
      expect(originOf(u), u).toBeNull();
  });
});

describe('navigation', () => {
  it('stays within our own origin', () => {
    expect(isNavigationAllowed(`${APP}/index.html#/settings`, APP)).toBe(true);
    expect(isNavigationAllowed(`${DEV}/`, DEV)).toBe(true);
  });
  it('refuses every other origin, including look-alikes a prefix check would let through', () => {
    const refused = [
      'https://evil.example/',
      'http://localhost:5173.evil.example/',
      'atelier-app://app.evil/index.html',
      'atelier-app://evil/index.html',
      'atelier-app://app@evil/index.html',
      'atelier-media://media/library/x.png',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'javascript:alert(1)',
      'http://localhost:5174/',
      'https://localhost:5173/',
    ];
    for (const url of refused)
      expect(isNavigationAllowed(url, APP) || isNavigationAllowed(url, DEV), url).toBe(false);
  });
});

describe('window.open and external links', () => {
  it('never opens a window; http(s) goes to the OS browser', () => {
    expect(decideWindowOpen('https://docs.example.com/a')).toEqual({
      action: 'deny',
      openExternally: 'https://docs.example.com/a',
    });
    expect(decideWindowOpen('http://example.com')).toEqual({
      action: 'deny',
      openExternally: 'http://example.com',
    });
  });
  it('drops everything that is not http(s)', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,x',
      'smb://server/share',
      'ms-settings:',
      'vbscript:x',
      `${APP}/index.html`,
      'mailto:a@b.c',
      'http://',
      'nonsense',
    ])
      expect(decideWindowOpen(url), url).toEqual({ action: 'deny', openExternally: null });
  });
  it('isExternalLinkAllowed is http(s) with a host only', () => {
    expect(isExternalLinkAllowed('HTTPS://Example.com')).toBe(true);
    expect(isExternalLinkAllowed('ftp://example.com')).toBe(false);
  });
});

describe('permissions', () => {
  it('denies every permission request', () => {
    for (const p of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'midi',
      'openExternal',
      'fullscreen',
      'unknown',
    ])
      expect(isPermissionGranted(p), p).toBe(false);
  });
});

describe('IPC sender validation', () => {
  const good = { isOurWebContents: true, isMainFrame: true, url: `${APP}/index.html`, origin: APP };
  it('accepts our window, top frame, our origin', () => {
    expect(isTrustedSenderFacts(good)).toBe(true);
    expect(isTrustedSenderFacts({ ...good, url: `${DEV}/`, origin: DEV })).toBe(true);
  });
  it('refuses another webContents, a subframe, a foreign or missing URL', () => {
    expect(isTrustedSenderFacts({ ...good, isOurWebContents: false })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, isMainFrame: false })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, url: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, url: 'atelier-app://app.evil/' })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, url: 'data:text/html,x' })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, url: '' })).toBe(false);
    expect(isTrustedSenderFacts({ ...good, url: `${DEV}/`, origin: APP })).toBe(false);
  });
});
