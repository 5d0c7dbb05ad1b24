/**
 * Downloads of task results: streamed, size-checked, resumable, sha256-verified, and moved into the
 * library under names that never overwrite. Plain Node; no `electron` import.
 */
export { downloadFile } from './download-file';
export { writeBase64File, sniffContentType, type WriteBase64Options } from './write-base64';
export { admitResult } from './admit-result';
export { moveIntoLibrary, candidateName, type MoveOptions } from './finalize';
export { fileNameFromPattern, extensionFor, slugPrompt, type FileNameTokens } from './file-name';
export {
  DownloadError,
  ExpiredUrlError,
  DownloadIncompleteError,
  DownloadAbortedError,
  DownloadHttpError,
  DownloadSizeMismatchError,
  InvalidBase64Error,
  NotMediaError,
  type DownloadErrorCode,
} from './errors';
export type { DownloadOutcome, DownloadOptions, ProgressListener, BackoffOptions } from './types';
