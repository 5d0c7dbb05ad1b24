import { join } from 'node:path';
import { BridgeError } from '../../shared/bridge/result';
import {
  DEMO_PROFILE_ID,
  storedProfileSchema,
  type Profile,
  type ProfileInput,
} from '../../shared/domain/profile';
import type { DemoGateway, SecretStore } from '../ports';
import { readJsonStore, writeJsonFile } from '../storage/json-file';
import { stampedRead } from '../storage/stamped-read';
import { salvageArray } from '../storage/salvage';
import { keyMustClear } from './key-origin';
import { startDemoGateway } from './demo-persistence';

/** What the engine needs to talk to a gateway: never leaves core. */
export interface ResolvedProfile {
  profile: Profile;
  baseUrl: string;
  apiKey: string | null;
}

const DEMO_BASE: Omit<ProfileInput, 'baseUrl'> = {
  id: DEMO_PROFILE_ID,
  name: 'Demo gateway',
  vendor: 'vendora',
  gatewayAuthHeader: 'Authorization',
  callbacks: { enabled: false, publicUrl: '', localPort: 0 },
};

/** Gateway profiles in `<dataDir>/profiles.json` (no keys there), plus the built-in demo gateway. */
export class ProfileService {
  private readonly path: string;
  private demoEndpoint: { baseUrl: string; apiKey: string } | null = null;
  private demoStarting: Promise<{ baseUrl: string; apiKey: string }> | null = null;
  /** Key values seen by this process, kept so synchronous code (the logger) can scrub them. */
  private readonly seenSecrets = new Set<string>();

  constructor(
    private readonly dataDir: string,
    private readonly secrets: SecretStore,
    private readonly demo: DemoGateway | undefined,
  ) {
    this.path = join(dataDir, 'profiles.json');
    this.readStored = stampedRead(this.path, () =>
      readJsonStore(this.path, (raw) => salvageArray(storedProfileSchema, raw), []),
    );
  }

  /** One bad entry drops only itself; the file is kept as `profiles.json.corrupt-<time>` and reported. */
  private readonly readStored: () => readonly ProfileInput[];

  private demoProfile(): Profile {
    return {
      ...DEMO_BASE,
      baseUrl: this.demoEndpoint?.baseUrl ?? 'http://127.0.0.1/',
      demo: true,
      hasKey: true,
    };
  }

  /** Starts the demo gateway on first use, on its remembered port with its saved tasks (see demo-persistence). */
  async ensureDemo(): Promise<{ baseUrl: string; apiKey: string }> {
    const demo = this.demo;
    if (!demo)
      throw new BridgeError('gateway_unreachable', 'The demo gateway is not available in this build.');
    this.demoStarting ??= startDemoGateway(demo, this.dataDir).catch((e: unknown) => {
      this.demoStarting = null;
      throw e;
    });
    this.demoEndpoint = await this.demoStarting;
    return this.demoEndpoint;
  }

  async list(): Promise<Profile[]> {
    const stored = await Promise.all(
      this.readStored().map(async (p) => ({ ...p, demo: false, hasKey: await this.secrets.has(p.id) })),
    );
    return this.demo ? [this.demoProfile(), ...stored] : stored;
  }

  async get(id: string): Promise<Profile> {
    // The demo gateway is not in the file: every demo task's request asks for it, without reading the list.
    if (id === DEMO_PROFILE_ID && this.demo) return this.demoProfile();
    const found = (await this.list()).find((p) => p.id === id);
    if (!found) throw new BridgeError('not_found', `No gateway profile "${id}".`);
    return found;
  }

  /**
   * Saves a profile. A key belongs to the origin and header it was entered for: when the base URL or the
   * auth header changes, the stored key is cleared, unless the user re-enters it in this same save (`key`).
   */
  async save(input: ProfileInput, key?: string): Promise<Profile> {
    if (input.id === DEMO_PROFILE_ID) throw new BridgeError('forbidden', 'The demo gateway cannot be edited.');
    const all = this.readStored();
    const previous = all.find((p) => p.id === input.id);
    const stored = all.filter((p) => p.id !== input.id);
    if (previous && keyMustClear(previous, input)) await this.secrets.clear(input.id);
    writeJsonFile(this.path, [...stored, input]);
    if (key !== undefined) return this.setKey(input.id, key);
    return this.get(input.id);
  }

  async remove(id: string): Promise<void> {
    if (id === DEMO_PROFILE_ID) throw new BridgeError('forbidden', 'The demo gateway cannot be removed.');
    writeJsonFile(
      this.path,
      this.readStored().filter((p) => p.id !== id),
    );
    await this.secrets.clear(id);
  }

  async setKey(id: string, key: string, acceptWeak = false): Promise<Profile> {
    if (id === DEMO_PROFILE_ID) throw new BridgeError('forbidden', 'The demo gateway has its own key.');
    // A key goes into an HTTP header: refuse anything that could split or smuggle headers.
    if (!/^[\x21-\x7e]+$/.test(key.trim()))
      throw new BridgeError('invalid_input', 'An API key is printable ASCII without spaces.', {
        key: 'badKey',
      });
    await this.get(id);
    await this.secrets.set(id, key.trim(), { acceptWeak });
    this.seenSecrets.add(key.trim());
    return this.get(id);
  }

  async clearKey(id: string): Promise<Profile> {
    await this.secrets.clear(id);
    return this.get(id);
  }

  /** Base URL and key for requests. The key stays inside core. */
  async resolve(id: string): Promise<ResolvedProfile> {
    if (id === DEMO_PROFILE_ID) {
      const endpoint = await this.ensureDemo();
      return { profile: this.demoProfile(), baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey };
    }
    const profile = await this.get(id);
    const apiKey = await this.secrets.get(id);
    if (apiKey) this.seenSecrets.add(apiKey);
    return { profile, baseUrl: profile.baseUrl.replace(/\/+$/, ''), apiKey };
  }

  /**
   * Every key value this process has stored or used (including replaced ones, which may still appear in
   * late answers), synchronously, for the redacting logger.
   */
  secretsSnapshot(): readonly string[] {
    return [...this.seenSecrets, ...(this.demoEndpoint ? [this.demoEndpoint.apiKey] : [])];
  }

  /** Every key value known, so logs and error messages can scrub them. */
  async knownSecrets(): Promise<string[]> {
    const keys = await Promise.all(this.readStored().map((p) => this.secrets.get(p.id)));
    return [
      ...keys.filter((k): k is string => !!k),
      ...(this.demoEndpoint ? [this.demoEndpoint.apiKey] : []),
    ];
  }
}
