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

  /** The block in hand (read with the offsets {@link offsetOf} and {@link load} answer). */
  get held(): Buffer {
    return this.block;
  }

  /**
   * Where `position` sits in the block in hand when that block covers `length` bytes from it (or up to the
   * end of the file), else -1. No promise and no Buffer view per call: a walk over 100,000 tiny parts
   * reads its headers straight from the block.
   */
  offsetOf(position: number, length: number): number {
    const end = Math.min(position + length, this.size);
    return position >= this.blockAt && end <= this.blockAt + this.block.length ? position - this.blockAt : -1;
  }

  /** Reads the block that starts at `position`; answers the offset of `position` in it (0). */
  async load(position: number): Promise<number> {
    const next = Buffer.alloc(Math.max(0, Math.min(this.blockSize, this.size - position)));
    const n = next.length ? await this.source.readAt(next, position) : 0;
    this.block = next.subarray(0, n);
    this.blockAt = position;
    return 0;
  }

  /** Offset of `position` in the block in hand, reading a new block when needed (see {@link offsetOf}). */
  async locate(position: number, length: number): Promise<number> {
    const off = this.offsetOf(position, length);
    return off >= 0 ? off : this.load(position);
  }

  /** `length` bytes at `position` (fewer at the end of the file). */
  async bytes(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size);
    if (position >= end) return Buffer.alloc(0);
    if (end - position > this.blockSize) {
      const out = Buffer.alloc(end - position);
      const n = await this.source.readAt(out, position);
      return out.subarray(0, n);
    }
    const off = await this.locate(position, length);
    return this.block.subarray(off, Math.min(off + (end - position), this.block.length));
  }
}

/** A four-character code (chunk or box type) at `off`, without Buffer#toString's cost per call. */
export const fourcc = (b: Buffer, off: number): string =>
  String.fromCharCode(b[off] ?? 0, b[off + 1] ?? 0, b[off + 2] ?? 0, b[off + 3] ?? 0);

/** Parts walked between two turns of the event loop: a 100,000-part walk never holds the thread long. */
const PARTS_PER_TURN = 10_000;

/** Every {@link PARTS_PER_TURN} parts, lets the event loop run (other bridge calls, timers) before going on. */
export const letOthersRun = (parts: number): Promise<void> | null =>
  parts > 0 && parts % PARTS_PER_TURN === 0 ? new Promise((resolve) => setImmediate(resolve)) : null;
