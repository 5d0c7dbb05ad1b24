import { describe, expect, it } from 'vitest';
import { freeBoardName } from './board-name';

describe('freeBoardName', () => {
  it('suggests the base name, or the first free numbered one (case and spaces aside)', () => {
    expect(freeBoardName('Untitled board', [])).toBe('Untitled board');
    expect(freeBoardName('Untitled board', ['Seaside'])).toBe('Untitled board');
    expect(freeBoardName('Untitled board', [' untitled BOARD '])).toBe('Untitled board 2');
    expect(freeBoardName('Untitled board', ['Untitled board', 'untitled board 2', 'Untitled board 4'])).toBe('Untitled board 3');
  });
});
