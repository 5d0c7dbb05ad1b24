import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CallbackEndpoint } from './callbacks/callback-endpoint';
import type { Core } from './core';
import { openDataFolder } from './data-folder';
import { TaskEngine } from './engine/task-engine';
import { TaskWriter } from './engine/task-writer';
import { DEFAULT_TUNING } from './engine/tuning';
import { CoreEvents } from './events';
import { coreHandlers } from './handlers/core-handlers';
import { connectionHealth } from './handlers/profiles';
import { systemHttpClient } from './http/system-http-client';
import { InputStore } from './inputs/input-store';
import { createKeptScreen } from './kept-screen/kept-screen';
import { LibraryService } from './library/library-service';
import { LibraryStore } from './library/library-store';
import { redactingLogger } from './logging/redacting-logger';
import { createOwnMediaResolver } from './media/known-media';
import { silentLogger, systemClock, type CorePorts } from './ports';
import { cachedPreferences } from './preferences/cached-preferences';
import { ProfileService } from './profiles/profile-service';
import { createQueue } from './queue/create-queue';
import { createStudio } from './studio/studio-handlers';
import { bindTeam } from './team/bind-team';
import { createLazyThumbnails } from './thumbnails/lazy-thumbnails';

export type { Core } from './core';

/**
 * The composition root of core, called by both the Electron main process and the web host: wiring only, in
 * dependency order (each object is built from those above it; the two late links, callbacks and the queue's
 * sends, are named `deliverTo` / `attach`). The bridge's methods live in handlers/.
 */
export function createCore(ports: CorePorts): Core {
  const { dataDir } = ports;
  const clock = ports.clock ?? systemClock;
  const tuning = { ...DEFAULT_TUNING, ...ports.tuning };
  const http = ports.http ?? systemHttpClient();
  const events = new CoreEvents();
  const preferences = cachedPreferences(ports.preferences); // read once, pushed on change (asked on every poll)
  const profiles = new ProfileService(dataDir, ports.secrets, ports.demo);
  // Whatever logger the host injects, it only ever sees redacted lines (no key values, no Authorization).
  const log = redactingLogger(ports.log ?? silentLogger, () => profiles.secretsSnapshot());
  const inputs = new InputStore(join(dataDir, 'inputs'));
  const libraryDir = (): string => preferences.read().libraryDir || join(dataDir, 'library');
  const mediaRoots = () => ({ library: libraryDir(), inputs: inputs.dir, thumbs: join(dataDir, 'thumbs') });
  const { notices, store, estimator, offCorrupt } = openDataFolder(ports, events, clock);
  const health = connectionHealth(profiles, preferences, events);
  // The one writer of task rows: the engine, the user's marks, the thumbnails and team mode all write through it.
  const writer = new TaskWriter({
    store,
    events,
    clock,
    dataDir,
    secrets: () => profiles.secretsSnapshot(),
    bookFlushMs: () => tuning.bookFlushMs ?? 3_000,
    onDiskFull: (full) =>
      full ? notices.raise('disk-full', 'disk-full', 'Disk full: free space to continue.') : notices.clear('disk-full'),
    logError: (message, error) => log.error(message, { error }),
  });
  const libraryStore = new LibraryStore(() => store.db, () => clock.now());
  const exportLimit = ports.exportMaxBytes !== undefined ? { exportMaxBytes: ports.exportMaxBytes } : {};
  const library = new LibraryService({ store, library: libraryStore, profiles, log, now: () => clock.now(), roots: mediaRoots, ...exportLimit });
  const ownMedia = createOwnMediaResolver(mediaRoots, {
    hasInput: (id) => inputs.holds(id),
    // Board exports made in this run are served too (the download link of "Export ZIP").
    recordsFile: (field, rel) => store.recordsMediaFile(field, rel) || (field === 'file' && library.madeExport(rel)),
  });
  const lazyThumbnail = createLazyThumbnails({ store, writer, roots: mediaRoots });
  const team = ports.team;
  // Issue 30: new tasks wait in Atelier's own queue for a slot of their gateway profile.
  const queue = createQueue({
    db: store.db,
    get: (id) => writer.get(id),
    events,
    notices,
    profileNames: async () => new Map((await profiles.list()).map((p) => [p.id, p.name])),
    clock,
    log,
    // Team mode: another machine's waiting task (seen through the shared ledger) is its holder's to send.
    ...(team ? { mayWork: (id: string) => team.hooks.mayWork(id) } : {}),
  });
  const callbacks = new CallbackEndpoint({ dataDir, profiles, log });
  const engine = new TaskEngine({
    store, writer, profiles, inputs, preferences, dataDir, libraryDir, http, clock, log, tuning, estimator,
    hooks: library,
    callbackUrlFor: (profileId, token) => callbacks.urlFor(profileId, token),
    onGatewayAnswer: (profileId, answer) => health.answer(profileId, answer),
    gate: queue.queue,
    ...(team ? { team: team.hooks } : {}),
  });
  callbacks.deliverTo((hint) => engine.onCallback(hint));
  queue.attach(engine);
  const cacheCapBytes = (): number => preferences.read().teamCacheGiB * 1024 ** 3;
  if (team) bindTeam(team, { store, writer, events, engine, libraryDir, dataDir, pump: () => queue.queue.pump(), clock, estimator, notices, cacheCapBytes });
  const studio = createStudio({ store, engine, writer, now: () => clock.now(), log });
  const keptScreen = createKeptScreen({
    file: join(dataDir, 'kept-screen.json'),
    listTasks: (input) => handlers.listTasks(input),
    getFirstScreen: (input) => handlers.getFirstScreen(input),
    appearance: () => ({ theme: preferences.read().theme, language: preferences.read().language }),
  });
  const handlers = coreHandlers({
    ports, preferences, events, notices, clock, libraryDir, profiles, health, log, http, inputs,
    library, libraryStore, engine, writer, store, estimator, roots: mediaRoots, queue, studio, keptScreen,
  });

  let background: Promise<void> = Promise.resolve();
  return {
    handlers, events, mediaRoots, engine, store, estimator, notices,
    resolveMedia: async (path) =>
      store.closed ? null : (await team?.beforeServe(path), (await lazyThumbnail(path)) ?? ownMedia(path)),
    stageUpload: (spoolPath, name) => inputs.stageFromPath(spoolPath, name),
    keptScreen: () => (store.closed ? Promise.resolve(null) : keptScreen.view()),
    ...(team ? { team } : {}),
    async start() {
      // An export cut short by a kill left its part file; none can be running yet.
      await library.exports.removeStaleParts().catch(() => 0);
      await team?.beforeEngineStart();
      // The core answers as soon as the database is open: tasks at the gateway resume, the queue reads its
      // rows and the callback receiver comes back in the background, a page per turn (see `settled`).
      const resumed = engine.start();
      // Team mode reads the settled submissions next (whose reservations are this machine's): it waits.
      if (team) await resumed;
      await team?.afterEngineStart();
      const queued = queue.start();
      studio.batches.resume();
      // Callbacks promised before the stop are hints (every task is polled too): the receiver may come back late.
      const awaiting = nextTurn().then(() => (store.closed ? undefined : callbacks.resume(store.anyAwaitingCallback())));
      background = Promise.allSettled([resumed, queued, awaiting]).then(() => undefined);
      log.info('core started', { dataDir, transport: ports.transport });
    },
    settled: () => background,
    async stop() {
      queue.stop();
      await studio.batches.stop();
      await engine.stop();
      // What start left running has stopped reading (the queue and the engine stopped); the receiver is up.
      await background;
      await team?.stop();
      await callbacks.stop();
      store.close();
      offCorrupt();
      await ports.demo?.stop();
    },
  };
}
