import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ProfileService } from '../profiles/profile-service';
import { mountTinyDisk, TINY_DISK_SKIP } from '../test-support/tiny-disk';
import { createFileSecretStore } from './file-secret-store';
import { corruptReportsUnder, writeJsonFile } from './json-file';
import { createJsonPreferencesStore } from './json-preferences-store';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'atelier-json-'));
  dirs.push(d);
  return d;
};
const corruptCopies = (dir: string, name: string) =>
  readdirSync(dir).filter((f) => f.startsWith(`${name}.corrupt-`));

describe('JSON stores never overwrite what they could not read', () => {
  it('a garbage secrets.json is kept aside before the next save, and reported', async () => {
    const dir = tempDir();
    const garbage = '{"gw-a": "sk-aaaa", "gw-b": "sk-bb'; // truncated mid-write
    writeFileSync(join(dir, 'secrets.json'), garbage);
    const secrets = createFileSecretStore(dir);
    expect(await secrets.get('gw-a')).toBeNull();
    await secrets.set('gw-c', 'sk-cccc');
    const [copy] = corruptCopies(dir, 'secrets.json');
    expect(copy).toBeDefined();
    expect(readFileSync(join(dir, copy ?? ''), 'utf8')).toBe(garbage);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({ 'gw-c': 'sk-cccc' });
    const reports = corruptReportsUnder(dir);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.entries).toBeNull();
  });

  it('one bad entry in profiles.json: the others stay, the bad one is named, the file is kept', async () => {
    const dir = tempDir();
    const good = {
      id: 'good',
      name: 'Good gateway',
      baseUrl: 'https://good.example',
      vendor: 'vendora',
      gatewayAuthHeader: 'Authorization',
      callbacks: { enabled: false, publicUrl: '', localPort: 0 },
    };
    const bad = { id: 'broken', name: 'Broken gateway', baseUrl: 42 };
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify([good, bad]));
    const profiles = new ProfileService(dir, createFileSecretStore(dir), undefined);
    const list = await profiles.list();
    expect(list.map((p) => p.id)).toContain('good');
    expect(corruptCopies(dir, 'profiles.json')).toHaveLength(1);
    expect(corruptReportsUnder(dir)[0]?.entries).toEqual(['Broken gateway']);
    await profiles.list(); // read again: not copied or reported twice
    expect(corruptCopies(dir, 'profiles.json')).toHaveLength(1);
    expect(corruptReportsUnder(dir)).toHaveLength(1);
  });

  it('a bad preference value falls back alone; the others are kept', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'preferences.json'),
      JSON.stringify({ notifications: false, maxRequestsInFlight: 'lots' }),
    );
    const prefs = createJsonPreferencesStore(dir).read();
    expect(prefs.notifications).toBe(false);
    expect(typeof prefs.maxRequestsInFlight).toBe('number');
    expect(corruptReportsUnder(dir)[0]?.entries).toEqual(['maxRequestsInFlight']);
  });
});

describe('a failed JSON write (disk full, real tmpfs)', () => {
  const disk = mountTinyDisk(256);
  afterEach(() => disk?.free());
  afterAll(() => disk?.close());
  // Skipped when the test cannot mount a real tmpfs (not root): the reason is in the title. CI runs as root.
  it.skipIf(!disk)(
    `leaves the old file intact and no *.tmp behind (${disk ? 'tmpfs' : TINY_DISK_SKIP})`,
    () => {
      if (!disk) return;
      const path = join(disk.dir, 'profiles.json');
      writeJsonFile(path, [{ id: 'keep' }]);
      disk.fill();
      expect(() => writeJsonFile(path, [{ id: 'keep' }, { id: 'new', pad: 'x'.repeat(64 * 1024) }])).toThrow(
        /ENOSPC/,
      );
      expect(readdirSync(disk.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([{ id: 'keep' }]);
      expect(existsSync(path)).toBe(true);
    },
  );
});
