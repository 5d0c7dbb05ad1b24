import { join } from 'node:path';
import type { Handlers } from '../shared/bridge/contract';
import { errorMessage } from '../shared/error-message';
import {
  CALLBACK_PATH,
  CallbackReceiver,
  type CallbackHint,
  type CallbackVerdict,
} from './callbacks/callback-receiver';
import { RememberedPort, startOnStablePort } from './callbacks/remembered-port';
import { TaskEngine } from './engine/task-engine';
import { createQueue } from './queue/create-queue';
import { TaskWriter } from './engine/task-writer';
import { DEFAULT_TUNING } from './engine/tuning';
import type { Core } from './core';
import { openDataFolder } from './data-folder';
import { CoreEvents } from './events';
import { firstScreen } from './first-screen';
import { appHandlers } from './handlers/app';
import { fileHandlers } from './handlers/files';
import { libraryHandlers } from './handlers/library';
import { activeConnection, profileHandlers } from './handlers/profiles';
import { taskHandlers } from './handlers/tasks';
import { teamHandlers } from './handlers/team';
import { InputStore } from './inputs/input-store';
import { LibraryService } from './library/library-service';
import { LibraryStore } from './library/library-store';
import { redactingLogger } from './logging/redacting-logger';
import { createOwnMediaResolver } from './media/known-media';
import { silentLogger, systemClock, type CorePorts } from './ports';
import { cachedPreferences } from './preferences/cached-preferences';
import { GatewayHealthBook } from './profiles/gateway-health';
import { ProfileService } from './profiles/profile-service';
import { createStudio } from './studio/studio-handlers';
import { createLazyThumbnails } from './thumbnails/lazy-thumbnails';

export type { Core } from './core';


/**
 * The composition root of core, called by both the Electron main process and the web host: wiring only,
 * in dependency order (each object is built from those above it). The bridge's methods live in handlers/.
 */
export function createCore(ports: CorePorts): Core {
  const clock = ports.clock ?? systemClock;
  const tuning = { ...DEFAULT_TUNING, ...ports.tuning };
  const fetchImpl = ports.fetch ?? fetch;
  const events = new CoreEvents();
  const preferences = cachedPreferences(ports.preferences); // read once, pushed on change (asked on every poll)
  const profiles = new ProfileService(ports.dataDir, ports.secrets, ports.demo);
  // Whatever logger the host injects, it only ever sees redacted lines (no key values, no Authorization).
  const log = redactingLogger(ports.log ?? silentLogger, () => profiles.secretsSnapshot());
  const inputs = new InputStore(join(ports.dataDir, 'inputs'));
  const libraryDir = (): string => preferences.read().libraryDir || join(ports.dataDir, 'library');
  const mediaRoots = () => ({
    library: libraryDir(),
    inputs: inputs.dir,
    thumbs: join(ports.dataDir, 'thumbs'),
  });
  const { notices, store, estimator, offCorrupt } = openDataFolder(ports, events, clock);
  // The pill follows the gateway: a change of the active profile's health is a connection change.
  const health = new GatewayHealthBook((profileId) => {
    if (preferences.read().activeProfileId !== profileId) return;
    activeConnection(profiles, preferences, health).then(
      (c) => events.emit('connectionChanged', c),
      () => undefined,
    );
  });
  // The one writer of task rows: the engine, the user's marks and the thumbnails all write through it.
  const writer = new TaskWriter({
    store,
    events,
    clock,
    dataDir: ports.dataDir,
    secrets: () => profiles.secretsSnapshot(),
    bookFlushMs: () => tuning.bookFlushMs ?? 3_000,
    onDiskFull: (full) =>
      full
        ? notices.raise('disk-full', 'disk-full', 'Disk full: free space to continue.')
        : notices.clear('disk-full'),
    logError: (message, error) => log.error(message, { error }),
  });
  const libraryStore = new LibraryStore(
    () => store.db,
    () => clock.now(),
  );
  const library = new LibraryService({
    store,
    library: libraryStore,
    profiles,
    log,
    now: () => clock.now(),
    roots: mediaRoots,
    ...(ports.exportMaxBytes !== undefined ? { exportMaxBytes: ports.exportMaxBytes } : {}),
  });
  const ownMedia = createOwnMediaResolver(mediaRoots, {
    hasInput: (id) => inputs.holds(id),
    // Board exports made in this run are served too (the download link of "Export ZIP").
    recordsFile: (field, rel) =>
      store.recordsMediaFile(field, rel) || (field === 'file' && library.madeExport(rel)),
  });
  // An image result's thumbnail, made when the gallery first asks for it (see lazy-thumbnails.ts).
  const lazyThumbnail = createLazyThumbnails({ store, writer, roots: mediaRoots });
  const rememberedPort = new RememberedPort(ports.dataDir);
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
    ...(ports.team ? { mayWork: (id: string) => ports.team?.hooks.mayWork(id) ?? true } : {}),
  });
  // The receiver hands callbacks to the engine, which is built after it (the engine asks for its URL).
  let intake: (hint: CallbackHint) => Promise<CallbackVerdict> = async () => 'unknown-task';
  const receiver = new CallbackReceiver((hint) => intake(hint), log);
  const startReceiver = (localPort: number): Promise<number> =>
    startOnStablePort(localPort, rememberedPort, (p) => receiver.start(p));
  const engine: TaskEngine = new TaskEngine({
    store,
    writer,
    profiles,
    inputs,
    preferences,
    dataDir: ports.dataDir,
    libraryDir,
    fetch: fetchImpl,
    clock,
    log,
    tuning,
    hooks: library,
    callbackUrlFor: async (profileId, token) => {
      const profile = await profiles.get(profileId);
      if (!profile.callbacks.enabled) return null;
      const port = await startReceiver(profile.callbacks.localPort);
      const base = profile.callbacks.publicUrl.trim() || `http://127.0.0.1:${port}`;
      return `${base.replace(/\/+$/, '')}${CALLBACK_PATH}${token}`;
    },
    onGatewayAnswer: (profileId, answer) => health.answer(profileId, answer),
    estimator,
    gate: queue.queue,
    ...(ports.team ? { team: ports.team.hooks } : {}),
  });
  ports.team?.bind({
    store,
    events,
    engine,
    libraryDir,
    now: () => clock.now(),
    price: (t) => estimator.estimate({ profileId: t.profileId, operationId: t.operationId, model: t.model, values: t.values }).points?.high ?? null,
    onOffline: (offline) =>
      offline
        ? notices.raise('team-offline', 'team-offline', 'The team database cannot be reached: the gallery shows what this machine has; edits wait and are sent when it is back, and nothing is submitted meanwhile.')
        : notices.clear('team-offline'),
  });
  intake = (hint) => engine.onCallback(hint);
  queue.attach(engine);
  const studio = createStudio({ store, engine, writer, now: () => clock.now(), log });

  const handlers: Handlers = {
    ...queue.handlers,
    ...appHandlers({ ports, preferences, events, notices, clock, libraryDir }),
    ...profileHandlers({ profiles, preferences, health, events, log, fetch: fetchImpl, clock }),
    ...fileHandlers({
      ports,
      inputs,
      library,
      libraryStore,
      task: (id) => engine.require(id),
      roots: mediaRoots,
    }),
    ...taskHandlers({
      engine,
      writer,
      store,
      estimator,
      profiles,
      preferences,
      roots: mediaRoots,
      deleteRow: (task, remove) => studio.deleteTask(task, remove),
    }),
    ...libraryHandlers({ ports, store, library, libraryStore, libraryDir, clock }),
    ...studio.handlers,
    ...teamHandlers({ ports, store, events, libraryDir, log }),
    getFirstScreen: (input) => firstScreen(handlers, input),
  };

  return {
    handlers,
    events,
    mediaRoots,
    resolveMedia: async (requestPath) =>
      store.closed ? null : ((await lazyThumbnail(requestPath)) ?? ownMedia(requestPath)),
    stageUpload: (spoolPath, name) => inputs.stageFromPath(spoolPath, name),
    engine,
    store,
    estimator,
    notices,
    ...(ports.team ? { team: ports.team } : {}),
    async start() {
      await ports.team?.beforeEngineStart();
      engine.start();
      await ports.team?.afterEngineStart();
      // Callbacks promised before a restart must find the receiver again, on the same port.
      const waiting = store.anyAwaitingCallback();
      if (waiting) {
        const profile = await profiles.get(waiting.profileId).catch(() => null);
        await startReceiver(profile?.callbacks.localPort ?? 0).catch((e: unknown) =>
          log.warn('callback receiver did not start; polling continues', { error: errorMessage(e) }),
        );
      }
      queue.start();
      studio.batches.resume();
      // An export cut short by a kill left its part file; none can be running yet.
      await library.exports.removeStaleParts().catch(() => 0);
      log.info('core started', { dataDir: ports.dataDir, transport: ports.transport });
    },
    async stop() {
      queue.stop();
      await studio.batches.stop();
      await engine.stop();
      await ports.team?.stop();
      await receiver.stop();
      store.close();
      offCorrupt();
      await ports.demo?.stop();
    },
  };
}
