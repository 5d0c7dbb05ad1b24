import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkRequest, RENDERER_CSP, tokenMatches } from './security';

/** The CSP as a map directive → sources. */
const csp = new Map(
  RENDERER_CSP.split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...sources]) => [name ?? '', sources]),
);

describe('renderer CSP', () => {
  it('runs only our own scripts: no inline, no eval, no remote code', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes|strict-dynamic/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
  it('closes plugins, base-URI hijacks, framing and form posts', () => {
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
  });
  it('connects, loads media and images from ourselves only (no http:, https: or * wildcards)', () => {
    for (const [name, sources] of csp) {
      for (const s of sources) expect(`${name} ${s}`).not.toMatch(/\s(\*|https?:|ws:|wss:)$/);
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});

const req = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe('request checks', () => {
  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('ab', 'abc')).toBe(false);
    expect(tokenMatches(null, 'abc')).toBe(false);
    expect(tokenMatches('', 'abc')).toBe(false);
  });
  it('needs our Host and, where asked, our Origin', () => {
    const host = '127.0.0.1:5000';
    expect(checkRequest(req({ host }), host, { requireOrigin: false })).toBeNull();
    expect(checkRequest(req({ host, origin: `http://${host}` }), host, { requireOrigin: true })).toBeNull();
    expect(checkRequest(req({ host }), host, { requireOrigin: true })).toBe('missing Origin');
    expect(checkRequest(req({ host, origin: 'http://evil.example' }), host, { requireOrigin: false })).toBe(
      'foreign Origin',
    );
    expect(checkRequest(req({ host, origin: 'null' }), host, { requireOrigin: false })).toBe(
      'foreign Origin',
    );
    expect(checkRequest(req({ host: 'localhost:5000' }), host, { requireOrigin: false })).toBe(
      'foreign Host header',
    );
    expect(checkRequest(req({}), host, { requireOrigin: false })).toBe('foreign Host header');
  });
});
