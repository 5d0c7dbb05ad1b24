import type { FileHandle } from 'node:fs/promises';

/** Random access to a file's bytes (an open file, or a buffer in tests and for slices). */
export interface ByteSource {
  readonly size: number;
  /** Fills `into` from `position`; answers how many bytes were read (fewer at the end). */
  readAt(into: Buffer, position: number): Promise<number>;
}

export const bufferSource = (buf: Uint8Array): ByteSource => {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  return {
    size: b.length,
    readAt: async (into, position) => (position >= b.length ? 0 : b.copy(into, 0, position)),
  };
};

export const fileSource = async (fh: FileHandle): Promise<ByteSource> => ({
  size: (await fh.stat()).size,
  readAt: async (into, position) => (await fh.read(into, 0, into.length, position)).bytesRead,
});

/**
 * Reads a file in large blocks and answers small reads (chunk and box headers) from the block it holds, so
 * a walk over many tiny parts costs one read per block instead of one per part. Reads larger than a block
 * go to the file directly, bounded by the caller.
 */
export class BlockReader {
  private block = Buffer.alloc(0);
  private blockAt = 0;

  constructor(
    readonly source: ByteSource,
    private readonly blockSize = 256 * 1024,
  ) {}

  get size(): number {
    return this.source.size;
  }

  /** `length` bytes at `position` (fewer at the end of the file). */
  async bytes(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size);
    if (position >= end) return Buffer.alloc(0);
    if (position >= this.blockAt && end <= this.blockAt + this.block.length)
      return this.block.subarray(position - this.blockAt, end - this.blockAt);
    if (end - position > this.blockSize) {
      const out = Buffer.alloc(end - position);
      const n = await this.source.readAt(out, position);
      return out.subarray(0, n);
    }
    const next = Buffer.alloc(Math.min(this.blockSize, this.size - position));
    const n = await this.source.readAt(next, position);
    this.block = next.subarray(0, n);
    this.blockAt = position;
    return this.block.subarray(0, Math.min(n, end - position));
  }
}
