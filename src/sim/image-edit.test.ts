import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { AUTH, makePng, readPng, startTestSim } from './test-helpers';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(() => sim.close());

const W = 96;
const H = 64;
// A busy source so "unchanged" is a strong claim: every pixel differs from its neighbours.
const source = makePng(W, H, (x, y) => [(x * 7) % 256, (y * 11) % 256, (x * y) % 256, 255]);
const inWhite = (x: number, y: number): boolean => x >= 20 && x < 60 && y >= 10 && y < 40;
const mask = makePng(W, H, (x, y) => (inWhite(x, y) ? [255, 255, 255, 255] : [0, 0, 0, 255]));

function form(fields: Record<string, string>, files: [string, Buffer, string?][]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, bytes, name] of files)
    fd.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name ?? 'a.png');
  return fd;
}

async function edit(fd: FormData, headers: Record<string, string> = AUTH) {
  const res = await fetch(`${sim.baseUrl}/v1/images/edits`, { method: 'POST', headers, body: fd });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function firstImage(body: Record<string, unknown>): Buffer {
  const data = body.data as { b64_json?: string }[];
  return Buffer.from(data[0]?.b64_json ?? '', 'base64');
}

function changedPixels(a: Buffer, b: Buffer, count: number): boolean[] {
  return Array.from(
    { length: count },
    (_, i) => !a.subarray(i * 4, i * 4 + 4).equals(b.subarray(i * 4, i * 4 + 4)),
  );
}

describe('image edit', () => {
  it('changes every pixel inside the white mask area and no pixel outside it', async () => {
    const r = await edit(
      form({ model: 'gpt-image-1.5', prompt: 'add a hat', quality: 'high', size: '1024x1024' }, [
        ['image', source],
        ['mask', mask],
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ quality: 'high', size: `${W}x${H}` });
    const out = readPng(firstImage(r.body));
    expect([out.width, out.height]).toEqual([W, H]);
    const changed = changedPixels(readPng(source).data, out.data, W * H);
    changed.forEach((c, i) =>
      expect(c, `pixel ${i % W},${Math.floor(i / W)}`).toBe(inWhite(i % W, Math.floor(i / W))),
    );
  });

  it('treats transparent mask pixels as the edit area when the mask has alpha', async () => {
    const alphaMask = makePng(W, H, (x, y) => (inWhite(x, y) ? [0, 0, 0, 0] : [0, 0, 0, 255]));
    const r = await edit(
      form({ model: 'm', prompt: 'p' }, [
        ['image[]', source],
        ['mask', alphaMask],
      ]),
    );
    const changed = changedPixels(readPng(source).data, readPng(firstImage(r.body)).data, W * H);
    expect(changed.filter(Boolean).length).toBe(40 * 30);
    expect(changed[0]).toBe(false);
  });

  it('changes the whole image without a mask', async () => {
    const r = await edit(form({ model: 'm', prompt: 'p' }, [['image', source]]));
    expect(changedPixels(readPng(source).data, readPng(firstImage(r.body)).data, W * H).every(Boolean)).toBe(
      true,
    );
  });

  it('answers a URL instead of b64_json when response_format=url', async () => {
    const r = await edit(form({ model: 'm', prompt: 'p', response_format: 'url' }, [['image', source]]));
    const url = (r.body.data as { url?: string }[])[0]?.url ?? '';
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(readPng(Buffer.from(await res.arrayBuffer())).width).toBe(W);
  });

  it('composes several images at the requested size', async () => {
    const imgs: [string, Buffer][] = Array.from({ length: 5 }, () => ['image[]', source]);
    const r = await edit(form({ model: 'm', prompt: 'collage', size: '512x256' }, imgs));
    expect(r.status).toBe(200);
    const out = readPng(firstImage(r.body));
    expect([out.width, out.height]).toEqual([512, 256]);
  });

  it('generates a fresh image for a non-PNG input and says so', async () => {
    const r = await edit(
      form({ model: 'm', prompt: 'p', size: '256x256' }, [
        ['image', Buffer.from('GIF89a not really'), 'x.gif'],
      ]),
    );
    expect(r.status).toBe(200);
    expect(String(r.body.note)).toMatch(/not a PNG/);
    expect(readPng(firstImage(r.body)).width).toBe(256);
  });

  it('refuses 17 images, input_fidelity, bad sizes, mismatched masks and missing fields', async () => {
    const many: [string, Buffer][] = Array.from({ length: 17 }, () => ['image[]', source]);
    const tooMany = await edit(form({ model: 'm', prompt: 'p' }, many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 16 images/);
    const fidelity = await edit(
      form({ model: 'm', prompt: 'p', input_fidelity: 'high' }, [['image', source]]),
    );
    expect(fidelity.status).toBe(400);
    expect(fidelity.body.message).toBe('input_fidelity is not supported by this model');
    const size = await edit(form({ model: 'm', prompt: 'p', size: 'big' }, [['image', source]]));
    expect(size.body.message).toMatch(/size must have the shape <width>x<height>/);
    const small = makePng(8, 8, () => [255, 255, 255, 255]);
    expect(
      (
        await edit(
          form({ model: 'm', prompt: 'p' }, [
            ['image', source],
            ['mask', small],
          ]),
        )
      ).body.message,
    ).toMatch(/same dimensions/);
    expect((await edit(form({ model: 'm' }, [['image', source]]))).body.message).toMatch(
      /prompt is required/,
    );
    expect((await edit(form({ model: 'm', prompt: 'p' }, []))).body.message).toMatch(/image is required/);
    expect((await edit(form({ model: 'm', prompt: 'p' }, [['image', source]]), {})).status).toBe(401);
  });

  it('parses a large multipart upload and logs fields and files without the bytes', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 7);
    sim.clearLog();
    const r = await edit(
      form({ model: 'm', prompt: 'p' }, [
        ['image', source],
        ['extra', big, 'big.bin'],
      ]),
    );
    expect(r.status).toBe(200);
    const entry = sim.log.find((e) => e.path === '/v1/images/edits');
    expect(entry?.form).toEqual({ model: 'm', prompt: 'p' });
    expect(entry?.files?.map((f) => [f.field, f.size])).toEqual([
      ['image', source.length],
      ['extra', big.length],
    ]);
    expect(entry?.headers.authorization).toBe('Bearer ***');
  });
});
