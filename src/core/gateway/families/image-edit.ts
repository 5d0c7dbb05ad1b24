import type { FamilyAdapter } from '../adapter';
import { emptyOutcome } from '../adapter';
import { at, extractResults, parseNumber } from '../parse';

/** Image edit answers synchronously: the 200 response carries the images (b64_json or url). */
export const imageEditAdapter: FamilyAdapter = {
  family: 'imageEdit',
  parseSubmit(body) {
    const results = extractResults(at(body, 'data') ?? body);
    if (results.length === 0) return { remoteId: null, outcome: emptyOutcome('failed', null, 'The gateway answered without an image.') };
    return {
      remoteId: null,
      outcome: { status: 'succeeded', rawStatus: 'ok', progress: 100, error: null, points: parseNumber(at(body, 'usage.total_tokens')), results },
    };
  },
  queryPath: () => null,
  parseQuery: () => emptyOutcome('unknown', null, 'Image edits cannot be queried.'),
};
