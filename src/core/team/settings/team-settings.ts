import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BridgeError } from '../../../shared/bridge/result';
import { teamMediaSchema, type TeamMedia, type TeamState, type TeamTest } from '../../../shared/domain/team';
import type { teamJoinInputSchema } from '../../../shared/domain/team';
import type { TaskStatus } from '../../../shared/domain/task';
import type { Logger, SecretStore } from '../../ports';
import { writeJsonFile } from '../../storage/json-file';
import { parseS3Url } from '../media/s3-location';
import { openLedger } from '../pg/open-ledger';
import { joinTeam, redactedPostgresUrl, TEAM_SECRET_IDS, type TeamJoinRequest } from '../team-config';
import type { TeamSession } from '../team-session';
import { probeDatabase, probeFolder, probeS3 } from './team-probe';

type JoinInput = z.output<typeof teamJoinInputSchema>;

const FILE = 'team-settings.json';
const savedSchema = z.object({ postgresUrl: z.string(), media: teamMediaSchema, member: z.string() });
type SavedTeam = z.infer<typeof savedSchema>;

const OPEN: readonly TaskStatus[] = ['submitting', 'queued', 'running', 'downloading', 'waiting'];

/** The saved team this machine joined (no credentials in it), or null (solo). */
export function readSavedTeam(dataDir: string): SavedTeam | null {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return null;
  try {
    const parsed = savedSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a start joins with (the host's `joinTeam`), from the team saved in Settings; null: solo. */
export function savedTeamJoin(dataDir: string): Pick<TeamJoinRequest, 'postgresUrl' | 'media' | 'member'> | null {
  const saved = readSavedTeam(dataDir);
  return saved ? { postgresUrl: saved.postgresUrl, media: mediaAddress(saved.media), member: saved.member } : null;
}

/** The media address joinTeam reads: `s3://bucket/prefix?endpoint=…&region=…`, or the folder. */
export function mediaAddress(media: TeamMedia): string {
  if (media.kind === 'folder') return media.path;
  const url = new URL(media.url);
  if (media.endpoint) url.searchParams.set('endpoint', media.endpoint);
  if (media.region) url.searchParams.set('region', media.region);
  return url.toString();
}

/** The inverse of mediaAddress: a media address as the form shows it (credentials are never in it). */
export function teamMediaOf(address: string): TeamMedia {
  if (!address.startsWith('s3://')) return { kind: 'folder', path: address };
  const url = new URL(address);
  const endpoint = url.searchParams.get('endpoint') ?? '';
  const region = url.searchParams.get('region') ?? '';
  url.search = '';
  return { kind: 's3', url: url.toString(), endpoint, region };
}

export interface TeamSettingsDeps {
  dataDir: string;
  secrets: SecretStore;
  /** The session this run works in (joined at start), absent in solo mode. */
  session?: TeamSession;
  /** Why the saved team could not be joined at this start (this run is then on its own). */
  startError?: string;
  counts: () => Record<TaskStatus, number>;
  log: Logger;
}

/**
 * Settings → Team: test, join and leave. The address, media location and member name are saved beside the
 * data (team-settings.json, 0600, no secrets); passwords and S3 keys go to the same secret store as gateway
 * keys. Joining runs the team database's migrations now; the session itself starts with the next start.
 */
export class TeamSettings {
  /** Joined again or left during this run, which works in the team it started with. */
  private changed = false;
  private left = false;

  constructor(private readonly deps: TeamSettingsDeps) {}

  async state(): Promise<TeamState> {
    const saved = readSavedTeam(this.deps.dataDir);
    const { secrets, session } = this.deps;
    const active = session !== undefined;
    // A session started from the web host's flags counts as joined (until left here).
    return {
      joined: saved !== null || (active && !this.left),
      active,
      member: saved?.member ?? session?.member ?? null,
      // A session joined from the web host's flags has nothing saved: it shows what it joined with.
      postgresUrl: saved?.postgresUrl ?? session?.joinedWith?.postgresUrl ?? null,
      media: saved?.media ?? (session?.joinedWith ? teamMediaOf(session.joinedWith.media) : null),
      secrets: {
        postgresPassword: await secrets.has(TEAM_SECRET_IDS.postgresPassword),
        s3AccessKeyId: await secrets.has(TEAM_SECRET_IDS.s3AccessKeyId),
        s3SecretAccessKey: await secrets.has(TEAM_SECRET_IDS.s3SecretAccessKey),
      },
      feed: session ? feedState(session.status().feed) : null,
      restartNeeded: this.changed || (active && this.left) || (saved !== null && !active),
      startError: this.deps.startError ?? null,
      cacheUsedBytes: session ? session.cachedBytes() : null,
    };
  }

  /** Reaches the database and the media with what the form says (stored credentials fill empty fields). */
  async test(input: JoinInput): Promise<TeamTest> {
    const { url } = await this.connection(input);
    const db = await probeDatabase(url);
    const media = await this.probeMedia(input);
    return { ok: db.check === 'ok' && media.check === 'ok', database: db.check, databaseReady: db.ready, media: media.check, detail: db.detail ?? media.detail };
  }

  /**
   * Joins: both reached, the database's migrations run and the member registered, then the credentials
   * stored and the settings saved. Refused while tasks are in flight (they belong to this machine alone).
   */
  async join(input: JoinInput, acceptWeakStorage: boolean): Promise<TeamState> {
    const open = OPEN.reduce((n, s) => n + (this.deps.counts()[s] ?? 0), 0);
    if (open > 0) throw new BridgeError('conflict', `${open} tasks are in progress; join when they have finished.`, { join: 'openTasks' });
    const { url, password, redacted } = await this.connection(input);
    const media = await this.probeMedia(input);
    if (media.check !== 'ok') throw new BridgeError('conflict', `The media location: ${media.detail ?? media.check}`, { media: media.check });
    try {
      const ledger = await openLedger(url, { owner: `settings:${input.member}`, member: input.member, leaseMs: 30_000, poolSize: 1 });
      this.deps.log.info('team: joined from Settings', { url: redacted, migrations: ledger.applied });
      await ledger.close();
    } catch (e) {
      const db = await probeDatabase(url);
      throw new BridgeError('gateway_unreachable', `The team database: ${db.detail ?? (e instanceof Error ? e.message : String(e))}`, { postgresUrl: db.check === 'ok' ? 'failed' : db.check });
    }
    const opts = { acceptWeak: acceptWeakStorage };
    if (password) await this.deps.secrets.set(TEAM_SECRET_IDS.postgresPassword, password, opts);
    if (input.media.kind === 's3') {
      if (input.media.accessKeyId) await this.deps.secrets.set(TEAM_SECRET_IDS.s3AccessKeyId, input.media.accessKeyId, opts);
      if (input.media.secretAccessKey) await this.deps.secrets.set(TEAM_SECRET_IDS.s3SecretAccessKey, input.media.secretAccessKey, opts);
    }
    const saved: SavedTeam = { postgresUrl: redacted, media: savedMedia(input), member: input.member };
    writeJsonFile(join(this.deps.dataDir, FILE), saved, 0o600);
    this.changed = this.deps.session !== undefined;
    this.left = false;
    return this.state();
  }

  /** Leaves: the settings and the team credentials are removed; the shared library stays with the team. */
  async leave(): Promise<TeamState> {
    rmSync(join(this.deps.dataDir, FILE), { force: true });
    for (const id of Object.values(TEAM_SECRET_IDS)) await this.deps.secrets.clear(id);
    this.changed = false;
    this.left = true;
    return this.state();
  }

  /** The address to connect to (password from the form, the URL, else the store) and the one to keep. */
  private async connection(input: JoinInput): Promise<{ url: string; password: string | null; redacted: string }> {
    const url = new URL(input.postgresUrl);
    const typed = input.postgresPassword || (url.password ? decodeURIComponent(url.password) : '');
    const password = typed || (await this.deps.secrets.get(TEAM_SECRET_IDS.postgresPassword));
    const connect = new URL(url.toString());
    connect.password = password ? encodeURIComponent(password) : '';
    return { url: connect.toString(), password: typed || null, redacted: redactedPostgresUrl(url) };
  }

  private async probeMedia(input: JoinInput): Promise<{ check: TeamTest['media']; detail: string | null }> {
    const media = input.media;
    if (media.kind === 'folder') return probeFolder(media.path);
    let location;
    try {
      location = parseS3Url(mediaAddress(savedMedia(input)));
    } catch (e) {
      return { check: 'failed', detail: e instanceof Error ? e.message : String(e) };
    }
    const accessKeyId = media.accessKeyId || (await this.deps.secrets.get(TEAM_SECRET_IDS.s3AccessKeyId));
    const secretAccessKey = media.secretAccessKey || (await this.deps.secrets.get(TEAM_SECRET_IDS.s3SecretAccessKey));
    if (!accessKeyId || !secretAccessKey) return { check: 'refused', detail: 'the access key id and secret are needed' };
    return probeS3(location, { accessKeyId, secretAccessKey });
  }
}

function savedMedia(input: JoinInput): TeamMedia {
  const m = input.media;
  return m.kind === 'folder' ? { kind: 'folder', path: m.path } : { kind: 's3', url: m.url.replace(/\/+$/, ''), endpoint: m.endpoint, region: m.region };
}

function feedState(feed: string): TeamState['feed'] {
  return feed === 'live' || feed === 'offline' ? feed : 'connecting';
}

/**
 * At start: joins the team saved in Settings, if any. A team that cannot be reached leaves this run on its
 * own, with the reason for Settings → Team (the app still opens; the user can leave or fix the address).
 */
export async function joinSavedTeam(req: { dataDir: string; secrets: SecretStore; log?: Logger }): Promise<{ team?: TeamSession; teamStartError?: string }> {
  const saved = savedTeamJoin(req.dataDir);
  if (!saved) return {};
  try {
    return { team: await joinTeam({ ...saved, dataDir: req.dataDir, secrets: req.secrets, ...(req.log ? { log: req.log } : {}) }) };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    req.log?.warn('team: the saved team could not be joined at start; this run is on its own', { error: reason });
    return { teamStartError: reason.slice(0, 300) };
  }
}
