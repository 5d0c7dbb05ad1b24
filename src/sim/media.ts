import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ByteSource } from './byte-source';
import { bufferSource, mp4BlobSource } from './byte-source';

export type ClipShape = '16x9' | '9x16' | '1x1';

/**
 * Where the committed clips live: an explicit option, then ATELIER_SIM_RESOURCES (bundled builds
 * move the code away from the repository), then resources/sim relative to this source file.
 */
export function resolveResourcesDir(explicit: string | undefined): string {
  if (explicit) return explicit;
  const fromEnv = process.env.ATELIER_SIM_RESOURCES;
  if (fromEnv) return fromEnv;
  return fileURLToPath(new URL('../../resources/sim/', import.meta.url));
}

/** Picks the clip whose orientation matches a width/height pair. */
export function clipShapeFor(width: number, height: number): ClipShape {
  if (!(width > 0 && height > 0)) return '16x9';
  const ratio = width / height;
  return ratio > 1.2 ? '16x9' : ratio < 0.83 ? '9x16' : '1x1';
}

export function clipShapeForAspect(aspect: string | undefined): ClipShape {
  const m = aspect ? /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect) : null;
  return m ? clipShapeFor(Number(m[1]), Number(m[2])) : '16x9';
}

/**
 * The demo clips' palettes, each with its own colours and title (see resources/sim/make-clips.sh).
 * The first keeps the plain `clip-<shape>.mp4` names.
 */
export const CLIP_PALETTES = ['sunset', 'ocean', 'forest', 'ember', 'aurora', 'dusk'] as const;
export type ClipPalette = (typeof CLIP_PALETTES)[number];

/** The palette a prompt gets: the same prompt always looks the same, different prompts usually differ. */
export function clipPaletteFor(seed: string | undefined): ClipPalette {
  let h = 0x811c9dc5;
  for (const ch of seed ?? '') {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return CLIP_PALETTES[h % CLIP_PALETTES.length] ?? 'sunset';
}

export function clipFileName(shape: ClipShape, palette: ClipPalette): string {
  return palette === 'sunset' ? `clip-${shape}.mp4` : `clip-${shape}-${palette}.mp4`;
}

/** The video bytes the simulator serves: committed clips, or a fixed-size blob for benchmarks. */
export class MediaLibrary {
  private readonly clips = new Map<string, Buffer>();
  private warned = false;

  constructor(
    private readonly dir: string,
    private readonly videoResultBytes: number | undefined,
  ) {}

  /** A clip of that shape; `seed` (the prompt) picks its palette, so results are told apart. */
  video(shape: ClipShape, seed?: string): ByteSource {
    if (this.videoResultBytes !== undefined) return mp4BlobSource(this.videoResultBytes);
    const name = this.existing(clipFileName(shape, clipPaletteFor(seed)), clipFileName(shape, 'sunset'));
    let clip = this.clips.get(name);
    if (!clip) {
      const path = join(this.dir, name);
      if (!existsSync(path)) {
        // Keep serving (the demo must not die) but say loudly why videos will not play.
        if (!this.warned)
          console.warn(`[sim] missing ${path}; serving placeholder bytes. Set ATELIER_SIM_RESOURCES.`);
        this.warned = true;
        return mp4BlobSource(64 * 1024);
      }
      clip = readFileSync(path);
      this.clips.set(name, clip);
    }
    return bufferSource(clip, 'video/mp4');
  }

  /** A palette's file when it is there, else the plain clip (an older resources folder has only those). */
  private existing(name: string, fallback: string): string {
    return this.clips.has(name) || existsSync(join(this.dir, name)) ? name : fallback;
  }
}
