import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseRange } from './serve-bytes';
import { parseMultipart } from './multipart';
import { blobSource } from './byte-source';
import { wrapText } from './image/font';

describe('parseRange', () => {
  it('handles open, closed, suffix, clamped, invalid and unsatisfiable ranges', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 20 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 100 });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'partial', start: 95, end: 100 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ kind: 'partial', start: 50, end: 100 });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('parseMultipart', () => {
  it('parses parts whose delimiters are split across every possible chunk boundary', async () => {
    const b = 'XyZ';
    const payload = Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhello\r\n` +
        `--${b}\r\nContent-Disposition: form-data; name="image[]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--X\r\n` +
        `--${b}--\r\n`,
    );
    for (let size = 1; size <= payload.length; size += 3) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < payload.length; i += size) chunks.push(payload.subarray(i, i + size));
      const body = await parseMultipart(Readable.from(chunks) as unknown as IncomingMessage, b, 1e6);
      expect(body.fields.get('prompt')).toEqual(['hello']);
      expect(body.files[0]?.data.toString()).toBe('\r\n--X');
      expect(body.files[0]?.field).toBe('image[]');
    }
  });
});

describe('blobSource and wrapText', () => {
  it('gives the same bytes for any range split', () => {
    const src = blobSource(200_000);
    const whole = Buffer.concat([...src.read(0, 200_000)]);
    const pieces = Buffer.concat([...src.read(0, 70_000), ...src.read(70_000, 200_000)]);
    expect(pieces.equals(whole)).toBe(true);
  });

  it('wraps words and splits words longer than a line', () => {
    expect(wrapText('a red fox jumps', 7)).toEqual(['a red', 'fox', 'jumps']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
