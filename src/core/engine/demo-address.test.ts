import { describe, expect, it } from 'vitest';
import { followDemoAddress } from './demo-address';

describe('followDemoAddress', () => {
  const now = 'http://127.0.0.1:41000';
  it('moves a demo result URL from an earlier demo address to the current one, path and token kept', () => {
    expect(followDemoAddress({ demo: true }, 'http://127.0.0.1:39999/files/f_1/a.png?token=t', now)).toBe(
      'http://127.0.0.1:41000/files/f_1/a.png?token=t',
    );
  });
  it('never touches other tasks, other hosts, or a URL already on the current address', () => {
    const old = 'http://127.0.0.1:39999/files/f_1/a.png?token=t';
    expect(followDemoAddress({ demo: false }, old, now)).toBe(old);
    expect(followDemoAddress({ demo: true }, 'https://cdn.example.com/a.png', now)).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(followDemoAddress({ demo: true }, 'http://localhost:39999/a.png', now)).toBe(
      'http://localhost:39999/a.png',
    );
    expect(followDemoAddress({ demo: true }, `${now}/files/x`, now)).toBe(`${now}/files/x`);
    expect(followDemoAddress({ demo: true }, 'not a url', now)).toBe('not a url');
  });
});
