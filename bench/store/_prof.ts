import { createCore } from '../../src/core/create-core';
import { createMemorySecretStore } from '../../src/core/storage/file-secret-store';
import { createJsonPreferencesStore } from '../../src/core/storage/json-preferences-store';
const dir = '/tmp/i16/seed';
const core = createCore({
  dataDir: dir,
  transport: 'web',
  appVersion: 'b',
  secrets: createMemorySecretStore(),
  preferences: createJsonPreferencesStore(dir),
});
for (const term of ['l', 'li', '月光', undefined]) {
  const ts: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await core.handlers.listTasks({
      filter: { sort: 'newest', ...(term ? { search: term } : {}) },
      cursor: null,
      limit: 100,
    });
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(term, ts[15]?.toFixed(1));
  const s = core.store;
  const t = performance.now();
  for (let i = 0; i < 30; i++) s.countsByStatus(term ? { search: term } : {});
  console.log(' counts', ((performance.now() - t) / 30).toFixed(1));
}
await core.stop();
