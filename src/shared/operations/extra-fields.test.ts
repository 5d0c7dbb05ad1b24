import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provenanceSchema } from '../domain/library';
import { OPERATIONS } from './catalog';
import { catalogNamesIn, withoutCatalogFields } from './extra-fields';
import { extraIssue, parseExtra } from './validate';

const squash = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');

/** A field name as a hostile file might spell it: any case, `_` and `-` swapped or added. */
const spelled = (name: string) =>
  fc
    .tuple(fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }), fc.constantFrom('', '_', '-'))
    .map(([upper, sep]) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('').replace(/_/g, sep || '_'));

describe('extra fields and the catalog (issue 26, item 9)', () => {
  it.each(OPERATIONS.map((op) => [op.id, op] as const))('%s: every field of the form, however spelled, is dropped on read and refused at submit', (_, op) => {
    const names = op.fields.map((f) => f.name);
    fc.assert(
      fc.property(
        fc.constantFrom(...names).chain(spelled),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.jsonValue(), { maxKeys: 4 }),
        (name, others) => {
          const own = Object.fromEntries(Object.entries(others).filter(([k]) => !names.some((n) => squash(n) === squash(k)) && !/callback|notify|webhook/.test(squash(k))));
          const extra = { ...own, [name]: 'smuggled' };
          expect(catalogNamesIn(op, extra)).toEqual([name]);
          expect(withoutCatalogFields(op, extra)).toEqual(own);
          expect(extraIssue(op, extra)).not.toBeNull();
          expect(parseExtra(JSON.stringify(extra), op).ok).toBe(false);
          expect(extraIssue(op, own)).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a file read through the provenance schema keeps only the extra fields its form does not define', () => {
    const p = provenanceSchema.parse({
      app: 'Atelier',
      version: 1,
      taskId: 't',
      operationId: 'unifiedImage.generate',
      extra: { model: 'gpt-image-1.5-pro', N: 4, prompt: 'other', Callback_URL: 'https://x.example/', background: 'transparent' },
    });
    expect(p.extra).toEqual({ background: 'transparent' });
  });
});
