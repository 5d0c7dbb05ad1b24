import { BridgeError } from '../../shared/bridge/result';
import type { Handlers, MethodOutput } from '../../shared/bridge/contract';
import { DEMO_PROFILE_ID, isPlainHttpRemote } from '../../shared/domain/profile';
import type { CoreEvents } from '../events';
import type { HttpClient } from '../http/http-client';
import type { Clock, Logger, PreferencesStore } from '../ports';
import { GatewayHealthBook, healthOfTest } from '../profiles/gateway-health';
import type { ProfileService } from '../profiles/profile-service';
import { testConnection } from '../profiles/test-connection';

type ProfileMethods =
  | 'getConnection'
  | 'listProfiles'
  | 'saveProfile'
  | 'deleteProfile'
  | 'setProfileKey'
  | 'clearProfileKey'
  | 'selectProfile'
  | 'testConnection';

/** The active gateway as the connection pill shows it (the demo gateway is started when it is the one). */
export async function activeConnection(
  profiles: ProfileService,
  preferences: PreferencesStore,
  health: GatewayHealthBook,
): Promise<MethodOutput<'getConnection'>> {
  const prefs = preferences.read();
  const list = await profiles.list();
  const active =
    list.find((p) => p.id === prefs.activeProfileId) ?? list.find((p) => p.id === DEMO_PROFILE_ID) ?? list[0];
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
}

/** Gateway profiles, their keys, the active one and its health. */
/** The gateway's health per profile; a change of the active profile's is a connection change (the pill follows). */
export function connectionHealth(
  profiles: ProfileService,
  preferences: PreferencesStore,
  events: CoreEvents,
): GatewayHealthBook {
  const health: GatewayHealthBook = new GatewayHealthBook((profileId) => {
    if (preferences.read().activeProfileId !== profileId) return;
    activeConnection(profiles, preferences, health).then(
      (c) => events.emit('connectionChanged', c),
      () => undefined,
    );
  });
  return health;
}

export function profileHandlers(deps: {
  profiles: ProfileService;
  preferences: PreferencesStore;
  health: GatewayHealthBook;
  events: CoreEvents;
  log: Logger;
  http: HttpClient;
  clock: Clock;
}): Pick<Handlers, ProfileMethods> {
  const { profiles, preferences, health, events } = deps;
  const connection = () => activeConnection(profiles, preferences, health);
  /** After a change of key or address, what the gateway said before no longer holds. */
  const keyChanged = <T extends { id: string }>(profile: T): T => {
    health.forget(profile.id);
    return profile;
  };
  const selectProfile = async ({ id }: { id: string }) => {
    await profiles.get(id);
    preferences.write({ ...preferences.read(), activeProfileId: id });
    const c = await connection();
    events.emit('connectionChanged', c);
    return c;
  };
  return {
    getConnection: connection,
    listProfiles: () => profiles.list(),
    saveProfile: async ({ key, ...input }) => {
      if (isPlainHttpRemote(input.baseUrl))
        deps.log.warn('profile uses plain http:// to a remote host; its key travels unencrypted', {
          profile: input.id,
        });
      return keyChanged(await profiles.save(input, key));
    },
    deleteProfile: async ({ id }) => {
      await profiles.remove(id);
      if (preferences.read().activeProfileId === id) await selectProfile({ id: DEMO_PROFILE_ID });
      return { ok: true as const };
    },
    setProfileKey: async ({ id, key, acceptWeakStorage }) =>
      keyChanged(await profiles.setKey(id, key, acceptWeakStorage)),
    clearProfileKey: async ({ id }) => keyChanged(await profiles.clearKey(id)),
    selectProfile,
    testConnection: async ({ id }) => {
      const result = await testConnection(await profiles.resolve(id), deps.http.fetch, deps.clock);
      health.record(id, healthOfTest(result));
      return result;
    },
  };
}
