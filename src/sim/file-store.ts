import { randomBytes } from 'node:crypto';
import type { SimFamily } from './types';
import type { ByteSource } from './byte-source';
import { describeSource } from './byte-source';
import type { FileRecipe } from './recipe';

/**
 * A result file served under /files/{id}/{name}?token=…  The token models a signed URL: the
 * expireUrl fault kills the current token, and the next task query mints a fresh one.
 */
export interface StoredFile {
  id: string;
  name: string;
  family: SimFamily;
  /** epoch ms from which the file exists (the task's finish time) */
  availableAt: number;
  token: string;
  expiredTokens: Set<string>;
  /** a token minted after an expiry is exempt from expireUrl, so "query again" always heals */
  freshToken: string | undefined;
  make: () => ByteSource;
  /** How to make the bytes again after a restart (persisted demo gateway); absent: not persisted. */
  recipe: FileRecipe | undefined;
  source: ByteSource | undefined;
  description: { sha256: string; size: number } | undefined;
}

const newToken = (): string => randomBytes(9).toString('base64url');

export class FileStore {
  private readonly files = new Map<string, StoredFile>();

  constructor(private readonly baseUrl: () => string) {}

  add(
    family: SimFamily,
    name: string,
    availableAt: number,
    make: () => ByteSource,
    recipe?: FileRecipe,
  ): StoredFile {
    return this.restore(
      { id: `f_${randomBytes(8).toString('hex')}`, name, family, availableAt, token: newToken(), recipe },
      make,
    );
  }

  /** Registers a file under a known id and token (a task restored after a restart serves the same URLs). */
  restore(
    saved: Pick<StoredFile, 'id' | 'name' | 'family' | 'availableAt' | 'token' | 'recipe'>,
    make: () => ByteSource,
  ): StoredFile {
    const file: StoredFile = {
      ...saved,
      expiredTokens: new Set(),
      freshToken: undefined,
      make,
      source: undefined,
      description: undefined,
    };
    this.files.set(file.id, file);
    return file;
  }

  delete(id: string): void {
    this.files.delete(id);
  }

  get(id: string): StoredFile | undefined {
    return this.files.get(id);
  }

  /** Bytes are produced lazily (first download or describe), so polling stays cheap. */
  source(file: StoredFile): ByteSource {
    file.source ??= file.make();
    return file.source;
  }

  describe(file: StoredFile): { sha256: string; size: number } {
    file.description ??= describeSource(this.source(file));
    return file.description;
  }

  /** The URL a task response hands out now; rotates the token when the current one has expired. */
  url(file: StoredFile): string {
    if (file.expiredTokens.has(file.token)) {
      file.token = newToken();
      file.freshToken = file.token;
    }
    return `${this.baseUrl()}/files/${file.id}/${encodeURIComponent(file.name)}?token=${file.token}`;
  }

  expire(file: StoredFile, token: string): void {
    file.expiredTokens.add(token);
  }
}
