import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BridgeError } from '../shared/bridge/result';
import type { Handlers } from '../shared/bridge/contract';
import { preferencesSchema } from '../shared/domain/preferences';
import { DEMO_PROFILE_ID } from '../shared/domain/profile';
import { CoreEvents } from './events';
import { InputStore } from './inputs/input-store';
import { silentLogger, systemClock, type CorePorts } from './ports';
import { ProfileService } from './profiles/profile-service';
import { testConnection } from './profiles/test-connection';

export interface Core {
  handlers: Handlers;
  events: CoreEvents;
  /** Folders the media protocol / route may serve from. */
  mediaRoots(): { library: string; inputs: string; thumbs: string };
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The composition root of core, called by both the Electron main process and the web host. */
export function createCore(ports: CorePorts): Core {
  const clock = ports.clock ?? systemClock;
  const log = ports.log ?? silentLogger;
  const events = new CoreEvents();
  mkdirSync(ports.dataDir, { recursive: true });
  const profiles = new ProfileService(ports.dataDir, ports.secrets, ports.demo);
  const inputs = new InputStore(join(ports.dataDir, 'inputs'));
  const libraryDir = (): string => ports.preferences.read().libraryDir || join(ports.dataDir, 'library');

  const connection = async () => {
    const prefs = ports.preferences.read();
    const list = await profiles.list();
    const active = list.find((p) => p.id === prefs.activeProfileId) ?? list.find((p) => p.id === DEMO_PROFILE_ID) ?? list[0];
    if (!active) throw new BridgeError('not_found', 'No gateway profile is configured.');
    const baseUrl = active.demo ? (await profiles.ensureDemo()).baseUrl : active.baseUrl;
    return { profileId: active.id, profileName: active.name, demo: active.demo, baseUrl, hasKey: active.hasKey };
  };

  const notYet = (what: string) => async (): Promise<never> => {
    throw new BridgeError('internal', `${what} is not available yet.`);
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
    getPreferences: async () => ports.preferences.read(),
    updatePreferences: async (patch) => {
      const next = preferencesSchema.parse({ ...ports.preferences.read(), ...patch });
      ports.preferences.write(next);
      events.emit('preferencesChanged', next);
      return next;
    },
    getConnection: connection,
    listProfiles: () => profiles.list(),
    saveProfile: (input) => profiles.save(input),
    deleteProfile: async ({ id }) => {
      await profiles.remove(id);
      if (ports.preferences.read().activeProfileId === id) await handlers.selectProfile({ id: DEMO_PROFILE_ID });
      return { ok: true as const };
    },
    setProfileKey: ({ id, key, acceptWeakStorage }) => profiles.setKey(id, key, acceptWeakStorage),
    clearProfileKey: ({ id }) => profiles.clearKey(id),
    selectProfile: async ({ id }) => {
      await profiles.get(id);
      ports.preferences.write({ ...ports.preferences.read(), activeProfileId: id });
      const c = await connection();
      events.emit('connectionChanged', c);
      return c;
    },
    testConnection: async ({ id }) => testConnection(await profiles.resolve(id), ports.fetch ?? fetch, clock),
    stageInputFromPath: ({ path }) => inputs.stageFromPath(path),
    stageInputBytes: async ({ name, mime, bytes }) => inputs.stageBytes(name, mime, bytes),
    submitTask: notYet('Submitting'),
    listTasks: async () => ({ items: [], nextCursor: null, total: 0, counts: { submitting: 0, queued: 0, running: 0, downloading: 0, succeeded: 0, failed: 0, cancelled: 0, unknown: 0, stalled: 0 } }),
    getTask: notYet('Task details'),
    checkTask: notYet('Checking'),
    retryDownload: notYet('Retrying downloads'),
    stopTracking: notYet('Stop tracking'),
    setFavourite: notYet('Favourites'),
    deleteTask: notYet('Deleting'),
    saveResultAs: notYet('Save as'),
    revealResult: notYet('Reveal'),
    openExternal: async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) throw new BridgeError('forbidden', 'Only http(s) links open externally.');
      if (!ports.shell?.openExternal) throw new BridgeError('forbidden', 'Opening links is not available here.');
      await ports.shell.openExternal(url);
      return { ok: true as const };
    },
  };

  return {
    handlers,
    events,
    mediaRoots: () => ({ library: libraryDir(), inputs: inputs.dir, thumbs: join(ports.dataDir, 'thumbs') }),
    async start() {
      log.info('core started', { dataDir: ports.dataDir, transport: ports.transport });
    },
    async stop() {
      await ports.demo?.stop();
    },
  };
}
