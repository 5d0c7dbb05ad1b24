import type { Handlers } from '../../shared/bridge/contract';
import { BridgeError } from '../../shared/bridge/result';
import type { ShareProgressEvent, TeamSpend } from '../../shared/domain/team';
import type { TaskStore } from '../db/task-store';
import type { CoreEvents } from '../events';
import type { CorePorts, Logger } from '../ports';
import { shareLibrary } from '../team/share-library';
import { TeamSettings } from '../team/settings/team-settings';
import { readTeamSpend } from '../team/settings/team-spend';

type TeamMethods = 'getTeam' | 'testTeam' | 'joinTeam' | 'leaveTeam' | 'getTaskMembers' | 'getTeamSpend' | 'shareLibraryWithTeam';

/** Settings → Team, who made what, the team's spend, and sharing this library with the team. */
export function teamHandlers(deps: { ports: CorePorts; store: TaskStore; events: CoreEvents; libraryDir: () => string; log: Logger }): Pick<Handlers, TeamMethods> {
  const { ports, store, events } = deps;
  const session = ports.team;
  const settings = new TeamSettings({
    dataDir: ports.dataDir,
    secrets: ports.secrets,
    ...(session ? { session } : {}),
    ...(ports.teamStartError ? { startError: ports.teamStartError } : {}),
    counts: () => store.countsByStatus(),
    log: deps.log,
  });
  let sharing: Promise<void> | null = null;
  let last: ShareProgressEvent = { done: 0, total: 0, skipped: 0, state: 'done', error: null };
  const report = (p: ShareProgressEvent): void => {
    last = p;
    events.emit('teamShareProgressed', p);
  };
  return {
    getTeam: async () => settings.state(),
    testTeam: async (input) => settings.test(input),
    joinTeam: async ({ acceptWeakStorage, ...input }) => settings.join(input, acceptWeakStorage),
    leaveTeam: async () => settings.leave(),
    getTaskMembers: async ({ ids }) => {
      if (!session) return {};
      const members: Record<string, string> = {};
      try {
        const rows = await session.ledger.pool.query<{ id: string; member: string }>('SELECT id, member FROM tasks WHERE id = ANY($1::text[])', [ids]);
        for (const r of rows.rows) members[r.id] = r.member;
      } catch {
        // The database is away: what this machine heard so far.
        for (const id of ids) {
          const m = session.memberOf(id);
          if (m) members[id] = m;
        }
      }
      return members;
    },
    getTeamSpend: async (): Promise<TeamSpend> => {
      if (!session) throw new BridgeError('not_found', 'Not in a team.');
      try {
        return await readTeamSpend(session.ledger.pool, store.db);
      } catch (e) {
        throw new BridgeError('gateway_unreachable', `The team database cannot be reached: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    shareLibraryWithTeam: async () => {
      if (!session) throw new BridgeError('conflict', 'Join a team first: this run is on its own.');
      if (sharing) return last;
      const start: ShareProgressEvent = { done: 0, total: 0, skipped: 0, state: 'running', error: null };
      report(start);
      sharing = shareLibrary({
        store,
        pool: session.ledger.pool,
        media: session.media,
        member: session.member,
        machine: session.status().machine,
        libraryDir: deps.libraryDir(),
        onProgress: (p) => report({ ...p, state: 'running', error: null }),
      })
        .then(
          (p) => report({ ...p, state: 'done', error: null }),
          (e: unknown) => report({ ...last, state: 'failed', error: e instanceof Error ? e.message : String(e) }),
        )
        .finally(() => (sharing = null));
      return start;
    },
  };
}
