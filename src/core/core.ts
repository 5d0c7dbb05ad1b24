import type { Handlers } from '../shared/bridge/contract';
import type { InputRef } from '../shared/domain/task';
import type { TaskStore } from './db/task-store';
import type { TaskEngine } from './engine/task-engine';
import type { SqliteEstimator } from './estimates/sqlite-estimator';
import type { KeptScreenView } from './kept-screen/kept-screen';
import type { CoreEvents } from './events';
import type { NoticeBoard } from './notices/notice-board';
import type { TeamSession } from './team/team-session';

/** Core as its hosts (the Electron main process, the web host) see it; built by createCore. */
export interface Core {
  handlers: Handlers;
  events: CoreEvents;
  /** Folders the media protocol / route may serve from. */
  mediaRoots(): { library: string; inputs: string; thumbs: string };
  /**
   * The file a media request path (`library/…`, `inputs/…`, `thumbs/…`, URL-decoded) names, or null: only
   * files Atelier wrote or staged (known to the task store or the input store), confined to their root.
   */
  resolveMedia(requestPath: string): Promise<string | null>;
  /** The kept first screen, while it still shows the library as it is (the app handler paints it). */
  keptScreen(): Promise<KeptScreenView | null>;
  /** Web host only: stages a file it spooled from an upload (never a path the page named). */
  stageUpload(spoolPath: string, name: string): Promise<InputRef>;
  /** Exposed for tests and benchmarks; the bridge goes through `handlers`. */
  engine: TaskEngine;
  store: TaskStore;
  estimator: SqliteEstimator;
  notices: NoticeBoard;
  /** Team mode's session (absent in solo mode). */
  team?: TeamSession;
  /** Answers once the database is open; the tasks at the gateway and the queue resume after (`settled`). */
  start(): Promise<void>;
  /** Settles when what start left to the background is done: every task resumed, the queue read. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}
