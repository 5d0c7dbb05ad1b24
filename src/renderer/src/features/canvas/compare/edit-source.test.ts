import { describe, expect, it } from 'vitest';
import { editSourceOf } from './edit-source';

const input = { id: `${'a'.repeat(64)}.png`, name: 'cat.png', mime: 'image/png', size: 10 };

describe('editSourceOf', () => {
  it('takes the first image of an image edit', () => {
    const values = {
      images: [
        { kind: 'file', input },
        { kind: 'url', url: 'https://x/y.png' },
      ],
    };
    expect(editSourceOf({ operationId: 'imageEdit.edit', values })).toEqual({ kind: 'file', input });
  });
  it('takes the single image of an expansion', () => {
    expect(
      editSourceOf({
        operationId: 'vendor.expand',
        values: { image: { kind: 'url', url: 'https://x/y.png' } },
      }),
    ).toEqual({ kind: 'url', url: 'https://x/y.png' });
  });
  it('is null for other operations and for values that do not parse', () => {
    expect(
      editSourceOf({ operationId: 'gateway.text2image', values: { images: [{ kind: 'file', input }] } }),
    ).toBeNull();
    expect(
      editSourceOf({
        operationId: 'imageEdit.edit',
        values: { images: [{ kind: 'file', input: { id: '../etc' } }] },
      }),
    ).toBeNull();
    expect(editSourceOf({ operationId: 'imageEdit.edit', values: {} })).toBeNull();
    expect(editSourceOf(undefined)).toBeNull();
  });
});
