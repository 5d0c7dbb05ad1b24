import { describe, expect, it } from 'vitest';
import { patternProblem } from './FileNamePattern';

describe('patternProblem', () => {
  it('takes the tokens core knows, and text around them', () => {
    expect(patternProblem('{date}_{operation}_{prompt}_{index}')).toBeNull();
    expect(patternProblem('shoot-{model}-{task} ({index})')).toBeNull();
  });
  it('names the first token core would drop, and refuses empty or long patterns', () => {
    expect(patternProblem('{data}_{index}')).toEqual({ key: 'patternUnknown', token: '{data}' });
    expect(patternProblem('{index}{}')).toEqual({ key: 'patternUnknown', token: '{}' });
    expect(patternProblem('   ')).toEqual({ key: 'patternEmpty' });
    expect(patternProblem('x'.repeat(201))).toEqual({ key: 'patternTooLong' });
    expect(patternProblem(`  ${'x'.repeat(200)}  `)).toBeNull();
  });
});
