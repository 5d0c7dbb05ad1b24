import type { Family } from '../../shared/operations/ids';
import type { FamilyAdapter, QueryOutcome } from './adapter';
import { uniqueResults } from './parse';
import { imageEditAdapter } from './families/image-edit';
import { taskGatewayAdapter } from './families/task-gateway';
import { unifiedImageAdapter, unifiedVideoAdapter } from './families/unified';
import { vendorAdapter } from './families/vendor';
import { videosAdapter } from './families/videos';

const unique = (o: QueryOutcome): QueryOutcome => ({ ...o, results: uniqueResults(o.results) });

/** Every family's outcomes name each result URL once, whatever shape the answer had (see uniqueResults). */
function withUniqueResults(adapter: FamilyAdapter): FamilyAdapter {
  return {
    ...adapter,
    parseSubmit: (body) => {
      const parsed = adapter.parseSubmit(body);
      return parsed.outcome ? { ...parsed, outcome: unique(parsed.outcome) } : parsed;
    },
    parseQuery: (body) => unique(adapter.parseQuery(body)),
  };
}

export const ADAPTERS: Record<Family, FamilyAdapter> = {
  gateway: withUniqueResults(taskGatewayAdapter),
  videos: withUniqueResults(videosAdapter),
  imageEdit: withUniqueResults(imageEditAdapter),
  unifiedVideo: withUniqueResults(unifiedVideoAdapter),
  unifiedImage: withUniqueResults(unifiedImageAdapter),
  vendor: withUniqueResults(vendorAdapter),
};
