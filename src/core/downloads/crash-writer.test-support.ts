/**
 * Child process of the prefix-on-crash property (file-sink-crash.test.ts): feeds a deterministic stream
 * into a {@link HashedFile} (so through the hashing worker) as a reader would, printing `fed <bytes>`
 * after each chunk, until the parent SIGKILLs it. Its disk is uneven on purpose (see `unevenDisk`). Run with `node --import tsx`.
 *
 *   crash-writer.test-support.ts <path> <json sizes> <seed>
 */
import { write } from 'node:fs';
import { HashedFile, type WriteAt } from './file-sink';
import { streamChunk } from './crash-stream.test-support';

const [path, sizesJson, seedText] = process.argv.slice(2);
if (!path || !sizesJson || !seedText) throw new Error('usage: crash-writer <path> <sizes> <seed>');
const sizes = (JSON.parse(sizesJson) as unknown[]).map(Number);
// A disk whose writes take 0 to 4 ms each, so a sink that let writes overtake each other would leave holes.
let x = Number(seedText) >>> 0;
const unevenDisk: WriteAt = (fd, buf, off, len, pos, done) => {
  x = (x * 1103515245 + 12345) >>> 0;
  setTimeout(() => write(fd, buf, off, len, pos, done), x % 5);
};
const file = new HashedFile(path, unevenDisk);
await file.adoptExisting(null);
let fed = 0;
for (const [i, size] of sizes.entries()) {
  const chunk = streamChunk(Number(seedText), i, size);
  file.append(chunk, 0, chunk.length);
  fed += size;
  process.stdout.write(`fed ${fed}\n`);
  const wait = file.ready();
  if (wait) await wait;
}
await file.close();
process.stdout.write(`done ${await file.digest()}\n`);
