import { join } from 'node:path';
import { BridgeError } from '../shared/bridge/result';
import type { EventPayload, Handlers } from '../shared/bridge/contract';
import type { InputRef } from '../shared/domain/task';
import { DEMO_PROFILE_ID, isPlainHttpRemote } from '../shared/domain/profile';
import { CoreEvents } from './events';
import { InputStore } from './inputs/input-store';
import { inspectStagedFile } from './inputs/inspect-input';
import { silentLogger, systemClock, type CorePorts } from './ports';
import { redactingLogger } from './logging/redacting-logger';
import { cachedPreferences } from './preferences/cached-preferences';
import { mergePreferences } from './preferences/update-preferences';
import { previewFileName } from './preferences/file-name-preview';
import { ProfileService } from './profiles/profile-service';
import { testConnection } from './profiles/test-connection';
import { GatewayHealthBook, healthOfTest } from './profiles/gateway-health';
import { TaskStore } from './db/task-store';
import { listPage } from './db/list-page';
import { firstScreen } from './first-screen';
import { createLazyThumbnails } from './thumbnails/lazy-thumbnails';
import { makePrivateDataDir } from './storage/private-dir';
import { createOwnMediaResolver } from './media/known-media';
import { openOrRecover } from './db/open-or-recover';
import { NoticeBoard } from './notices/notice-board';
import { corruptReportsUnder, onCorruptJson } from './storage/json-file';
import { TaskEngine } from './engine/task-engine';
import { DEFAULT_TUNING } from './engine/tuning';
import { CALLBACK_PATH, CallbackReceiver } from './callbacks/callback-receiver';
import { RememberedPort, startOnStablePort } from './callbacks/remembered-port';
import { toDetail, toSummary } from './tasks/task-record';
import { copyResult, deleteTaskFiles, resultPath } from './tasks/task-files';
import { basename } from 'node:path';
import { SqliteEstimator } from './estimates/sqlite-estimator';
import { getOperation } from '../shared/operations/catalog';
import { visibleValues } from '../shared/operations/validate';
import { LibraryStore } from './library/library-store';
import { LibraryService } from './library/library-service';
import { importFolder } from './library/import-folder';
import { BOARD_PAGE } from './first-screen';
import { createStudio } from './studio/studio-handlers';
import type { TeamSession } from './team/team-session';

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
  /** Web host only: stages a file it spooled from an upload (never a path the page named). */
  stageUpload(spoolPath: string, name: string): Promise<InputRef>;
  /** Exposed for tests and benchmarks; the bridge goes through `handlers`. */
  engine: TaskEngine;
  store: TaskStore;
  estimator: SqliteEstimator;
  notices: NoticeBoard;
  /** Team mode's session (absent in solo mode). */
  team?: TeamSession;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The composition root of core, called by both the Electron main process and the web host. */
export function createCore(ports: CorePorts): Core {
  const clock = ports.clock ?? systemClock;
  const events = new CoreEvents();
  makePrivateDataDir(ports.dataDir, 'atelier.db');
  // Read once, pushed on change (the engine asks on every poll).
  const preferences = cachedPreferences(ports.preferences);
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
  const notices = new NoticeBoard(
    (all) => events.emit('noticesChanged', all),
    () => clock.now(),
  );
  for (const r of corruptReportsUnder(ports.dataDir)) notices.fromCorruptStore(r);
  const offCorrupt = onCorruptJson((r) => {
    if (corruptReportsUnder(ports.dataDir).includes(r)) notices.fromCorruptStore(r);
  });
  const opened = openOrRecover(join(ports.dataDir, 'atelier.db'));
  for (const r of opened.recoveries) notices.fromRecovery(r);
  const store = new TaskStore(opened.db, { now: () => clock.now() });
  const estimator = new SqliteEstimator(store.db, { demo: ports.demo, now: () => clock.now() });
  events.subscribe((event, payload) => {
    if (event !== 'taskChanged' || store.closed) return;
    const t = payload as EventPayload<'taskChanged'>;
    if ((t.status === 'downloading' || t.status === 'succeeded') && t.finishedAt !== null) estimator.observe(t, store.get(t.id)?.values ?? {});
  });
  // The pill follows the gateway: a change of the active profile's health is a connection change.
  const health = new GatewayHealthBook((profileId) => {
    if (preferences.read().activeProfileId !== profileId) return;
    connection().then(
      (c) => events.emit('connectionChanged', c),
      () => undefined,
    );
  });
  const ownMedia = createOwnMediaResolver(mediaRoots, {
    hasInput: (id) => inputs.holds(id),
    // Board exports made in this run are served too (the download link of "Export ZIP").
    recordsFile: (field, rel) => store.recordsMediaFile(field, rel) || (field === 'file' && library.madeExport(rel)),
  });
  // An image result's thumbnail, made when the gallery first asks for it (see lazy-thumbnails.ts).
  const lazyThumbnail = createLazyThumbnails({ store, roots: mediaRoots });
  const receiver = new CallbackReceiver((hint) => engine.onCallback(hint), log);
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
  const rememberedPort = new RememberedPort(ports.dataDir);
  const engine: TaskEngine = new TaskEngine({
    store,
    events,
    profiles,
    inputs,
    preferences,
    dataDir: ports.dataDir,
    libraryDir,
    fetch: ports.fetch ?? fetch,
    clock,
    log,
    tuning: { ...DEFAULT_TUNING, ...ports.tuning },
    hooks: library,
    onDiskFull: (full) =>
      full
        ? notices.raise('disk-full', 'disk-full', 'Disk full: free space to continue.')
        : notices.clear('disk-full'),
    callbackUrlFor: async (profileId, token) => {
      const profile = await profiles.get(profileId);
      if (!profile.callbacks.enabled) return null;
      const port = await startOnStablePort(profile.callbacks.localPort, rememberedPort, (p) => receiver.start(p));
      const base = profile.callbacks.publicUrl.trim() || `http://127.0.0.1:${port}`;
      return `${base.replace(/\/+$/, '')}${CALLBACK_PATH}${token}`;
    },
    onGatewayAnswer: (profileId, answer) => health.answer(profileId, answer),
    estimator,
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

  const studio = createStudio({ store, engine, events, now: () => clock.now(), log });

  const connection = async () => {
    const prefs = preferences.read();
    const list = await profiles.list();
    const active =
      list.find((p) => p.id === prefs.activeProfileId) ??
      list.find((p) => p.id === DEMO_PROFILE_ID) ??
      list[0];
    if (!active) throw new BridgeError('not_found', 'No gateway profile is configured.');
    const baseUrl = active.demo ? (await profiles.ensureDemo()).baseUrl : active.baseUrl;
    return {
      profileId: active.id,
      profileName: active.name,
      demo: active.demo,
      baseUrl,
      hasKey: active.hasKey,
      health: health.get(active.id),
    };
  };
  /** After a change of key or address, what the gateway said before no longer holds. */
  const keyChanged = <T extends { id: string }>(profile: T): T => {
    health.forget(profile.id);
    return profile;
  };

  const handlers: Handlers = {
    getAppInfo: async () => ({
      name: 'Atelier',
      version: ports.appVersion,
      transport: ports.transport,
      platform: process.platform,
      dataDir: ports.dataDir,
      libraryDir: libraryDir(),
      secretStorage: ports.secrets.description,
    }),
    getPreferences: async () => preferences.read(),
    updatePreferences: async (patch) => {
      const next = mergePreferences(preferences.read(), patch, ports.dataDir);
      preferences.write(next);
      events.emit('preferencesChanged', next);
      return next;
    },
    getConnection: connection,
    listProfiles: () => profiles.list(),
    saveProfile: async ({ key, ...input }) => {
      if (isPlainHttpRemote(input.baseUrl)) log.warn('profile uses plain http:// to a remote host; its key travels unencrypted', { profile: input.id });
      return keyChanged(await profiles.save(input, key));
    },
    deleteProfile: async ({ id }) => {
      await profiles.remove(id);
      if (preferences.read().activeProfileId === id)
        await handlers.selectProfile({ id: DEMO_PROFILE_ID });
      return { ok: true as const };
    },
    setProfileKey: async ({ id, key, acceptWeakStorage }) => keyChanged(await profiles.setKey(id, key, acceptWeakStorage)),
    clearProfileKey: async ({ id }) => keyChanged(await profiles.clearKey(id)),
    selectProfile: async ({ id }) => {
      await profiles.get(id);
      preferences.write({ ...preferences.read(), activeProfileId: id });
      const c = await connection();
      events.emit('connectionChanged', c);
      return c;
    },
    testConnection: async ({ id }) => {
      const result = await testConnection(await profiles.resolve(id), ports.fetch ?? fetch, clock);
      health.record(id, healthOfTest(result));
      return result;
    },
    chooseLibraryFolder: async () => {
      if (!ports.shell?.chooseFolder)
        throw new BridgeError('forbidden', 'The folder picker is only available in the desktop app.');
      return { path: await ports.shell.chooseFolder(libraryDir()) };
    },
    previewFileName: async ({ pattern }) => ({ example: previewFileName(pattern, new Date(clock.now())) }),
    startDragResult: async ({ id, index }) => {
      const path = resultPath(engine.require(id), index, mediaRoots());
      if (!ports.shell?.startDrag)
        throw new BridgeError('forbidden', 'Dragging files out is only available in the desktop app.');
      ports.shell.startDrag(path);
      return { ok: true as const };
    },
    stageInputFromPath: async ({ path }) => {
      // The web page never names paths (a token holder could read any file): uploads are its way in.
      if (ports.transport === 'web') throw new BridgeError('forbidden', 'Web mode stages files by upload, not by path.');
      return inputs.stageFromPath(path);
    },
    stageInputBytes: async ({ name, mime, bytes, origin }) => {
      const ref = await inputs.stageBytes(name, mime, bytes);
      if (origin) libraryStore.setOrigin(ref.id, origin);
      return ref;
    },
    submitTask: (input) => engine.submit(input),
    ...studio.handlers,
    estimateTask: async ({ operationId, values }) => {
      const profile = await profiles.get(preferences.read().activeProfileId).catch(() => profiles.get(DEMO_PROFILE_ID));
      const visible = visibleValues(getOperation(operationId), values, profile.vendor);
      const model = typeof visible.model === 'string' ? visible.model : '';
      return estimator.estimate({ profileId: profile.id, operationId, model, values: visible });
    },
    listTasks: async ({ filter, cursor, limit }) => {
      const page = listPage(store, filter, cursor, limit);
      return { items: page.items.map(toSummary), nextCursor: page.nextCursor, total: page.total, counts: page.counts };
    },
    getFirstScreen: (input) => firstScreen(handlers, input),
    getTask: async ({ id }) => toDetail(engine.require(id)),
    checkTask: ({ id }) => engine.check(id),
    retryDownload: ({ id }) => engine.retryDownload(id),
    stopTracking: async ({ id }) => engine.stopTracking(id),
    setFavourite: async ({ id, favourite }) => {
      engine.require(id);
      const next = store.update(id, { favourite });
      if (!next) throw new BridgeError('not_found', 'This task no longer exists.');
      events.emit('taskChanged', toSummary(next));
      return toSummary(next);
    },
    deleteTask: async ({ id, deleteFiles }) => {
      const task = engine.require(id);
      if (deleteFiles) await deleteTaskFiles(task, mediaRoots());
      studio.deleteTask(task, () => store.delete(id));
      events.emit('taskRemoved', { id });
      return { ok: true as const };
    },
    saveResultAs: async ({ id, index }) => {
      const source = resultPath(engine.require(id), index, mediaRoots());
      // Only the shell's own dialog names the target; web mode saves through a browser download instead.
      if (!ports.shell?.chooseSavePath) throw new BridgeError('forbidden', 'Save as is only available in the desktop app.');
      const target = await ports.shell.chooseSavePath(basename(source));
      if (!target) return { path: null };
      await copyResult(source, target);
      return { path: target };
    },
    revealResult: async ({ id, index }) => {
      const path = resultPath(engine.require(id), index, mediaRoots());
      if (!ports.shell?.revealPath)
        throw new BridgeError('forbidden', 'Revealing files is only available in the desktop app.');
      ports.shell.revealPath(path);
      return { ok: true as const };
    },
    listNotices: async () => notices.list(),
    dismissNotice: async ({ id }) => {
      notices.dismiss(id);
      return { ok: true as const };
    },
    getLineage: async ({ id }) => library.lineage(id),
    listBoards: async ({ cursor, limit, include, query }) =>
      libraryStore.listBoards({ after: cursor ? Number(cursor) : null, limit: limit ?? BOARD_PAGE, include: include ?? null, query: query ?? '' }),
    createBoard: async ({ name }) => libraryStore.createBoard(name),
    renameBoard: async ({ id, name }) => {
      if (!libraryStore.renameBoard(id, name))
        throw new BridgeError('not_found', 'This board no longer exists.');
      return { ok: true as const };
    },
    deleteBoard: async ({ id }) => {
      libraryStore.deleteBoard(id);
      return { ok: true as const };
    },
    moveToBoard: async ({ ids, boardId }) => {
      if (boardId !== null && !libraryStore.hasBoard(boardId))
        throw new BridgeError('not_found', 'This board no longer exists.');
      libraryStore.moveTasks(ids, boardId);
      return { ok: true as const };
    },
    exportTasks: async ({ ids }) => library.export(ids),
    inspectInput: async ({ id }) => {
      if (!inputs.has(id)) throw new BridgeError('not_found', 'This file is no longer staged.');
      return inspectStagedFile(inputs.pathOf(id), (p) => library.inspect(p));
    },
    importFolder: async ({ path }) => {
      // Like staging by path: web mode never reads folders the page names (least privilege).
      if (ports.transport === 'web') throw new BridgeError('forbidden', 'Import folder is available in the desktop app.');
      // The folder comes from the native picker only: a page (even a compromised one) never names a path to read.
      if (path !== null) throw new BridgeError('forbidden', 'Choose the folder in the folder picker.');
      if (!ports.shell?.chooseFolder) throw new BridgeError('forbidden', 'The folder picker is only available in the desktop app.');
      const dir = await ports.shell.chooseFolder(libraryDir());
      if (!dir) return { scanned: 0, found: 0, imported: 0, known: 0, skipped: [], note: null, path: null };
      const done = await importFolder(dir, { store, libraryDir: libraryDir(), now: () => clock.now() }).catch((e: unknown) => {
        throw new BridgeError('not_found', `Could not read ${dir}: ${e instanceof Error ? e.message : String(e)}`);
      });
      return { ...done, path: dir };
    },
    recordFrameOrigin: async ({ inputId, origin }) => {
      if (!inputs.has(inputId)) throw new BridgeError('not_found', 'This file is no longer staged.');
      libraryStore.setOrigin(inputId, origin);
      return { ok: true as const };
    },
    openExternal: async ({ url }) => {
      if (!/^https?:\/\//i.test(url))
        throw new BridgeError('forbidden', 'Only http(s) links open externally.');
      if (!ports.shell?.openExternal)
        throw new BridgeError('forbidden', 'Opening links is not available here.');
      await ports.shell.openExternal(url);
      return { ok: true as const };
    },
  };

  return {
    handlers,
    events,
    mediaRoots,
    resolveMedia: async (requestPath) =>
      engine.closed ? null : ((await lazyThumbnail(requestPath)) ?? ownMedia(requestPath)),
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
        await startOnStablePort(profile?.callbacks.localPort ?? 0, rememberedPort, (p) => receiver.start(p)).catch((e: unknown) =>
          log.warn('callback receiver did not start; polling continues', { error: e instanceof Error ? e.message : String(e) }),
        );
      }
      studio.batches.resume();
      // An export cut short by a kill left its part file; none can be running yet.
      await library.exports.removeStaleParts().catch(() => 0);
      log.info('core started', { dataDir: ports.dataDir, transport: ports.transport });
    },
    async stop() {
      await studio.batches.stop();
      await engine.stop();
      await ports.team?.stop();
      await receiver.stop();
      engine.closed = true;
      store.close();
      offCorrupt();
      await ports.demo?.stop();
    },
  };
}
