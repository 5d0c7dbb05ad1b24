import { createHash } from 'node:crypto';
import { readProvenance } from '../../src/core/provenance/provenance';
import { stripProvenance } from '../../src/core/provenance/strip';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** What the simulator served for a result URL (sim.describeResult). */
export interface Served {
  sha256: string;
  size: number;
}

/**
 * Why a library file is not what the gateway served, or null when it is. A finalized result is the payload
 * as received plus Atelier's provenance (PNG iTXt / MP4 XMP box, issue 18), and the task records the sha256
 * of the payload as received. So: the recorded sha256 must equal the simulator's, and the file on disk,
 * with our metadata stripped by the provenance module's own stripper, must be exactly that payload. A
 * truncated, altered or padded file, or one whose metadata was written over the media, is still caught.
 */
export function fileProblem(
  bytes: Buffer,
  recordedSha256: string | undefined,
  served: Served | null,
): string | null {
  const payload = stripProvenance(bytes);
  const payloadSha = sha256(payload);
  if (payloadSha !== recordedSha256)
    return `payload (file without Atelier metadata, ${payload.length} B) does not match the task's recorded sha256`;
  if (served && (served.sha256 !== recordedSha256 || served.size !== payload.length))
    return `sha256/size differ from the simulator's (${served.size} B, payload ${payload.length} B)`;
  if (payload.length !== bytes.length && !readProvenance(bytes))
    return 'extra bytes beyond the payload that are not Atelier provenance';
  return null;
}
