import { join } from 'node:path';
import type { EventPayload } from '../shared/bridge/contract';
import { openOrRecover } from './db/open-or-recover';
import { TaskStore } from './db/task-store';
import { SqliteEstimator } from './estimates/sqlite-estimator';
import type { CoreEvents } from './events';
import { NoticeBoard } from './notices/notice-board';
import type { Clock, CorePorts } from './ports';
import { corruptReportsUnder, onCorruptJson } from './storage/json-file';
import { makePrivateDataDir } from './storage/private-dir';

/**
 * Opens core's data folder: made private, its database opened (or recovered, with a notice), damaged JSON
 * stores named in notices, and the estimator learning from every task that finishes.
 */
export function openDataFolder(ports: CorePorts, events: CoreEvents, clock: Clock) {
  makePrivateDataDir(ports.dataDir, 'atelier.db');
  const notices = new NoticeBoard(
    (all) => events.emit('noticesChanged', all),
    () => clock.now(),
  );
  for (const r of corruptReportsUnder(ports.dataDir)) notices.fromCorruptStore(r);
  const offCorrupt = onCorruptJson(
    (r) => corruptReportsUnder(ports.dataDir).includes(r) && notices.fromCorruptStore(r),
  );
  const opened = openOrRecover(join(ports.dataDir, 'atelier.db'));
  for (const r of opened.recoveries) notices.fromRecovery(r);
  const store = new TaskStore(opened.db, { now: () => clock.now() });
  const estimator = new SqliteEstimator(store.db, { demo: ports.demo, now: () => clock.now() });
  events.subscribe((event, payload) => {
    if (event !== 'taskChanged' || store.closed) return;
    const t = payload as EventPayload<'taskChanged'>;
    if ((t.status === 'downloading' || t.status === 'succeeded') && t.finishedAt !== null)
      estimator.observe(t, store.get(t.id)?.values ?? {});
  });
  return { notices, store, estimator, offCorrupt };
}
