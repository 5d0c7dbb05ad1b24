import { fileNameFromPattern } from '../downloads/file-name';

/** Sample values Settings uses to show what a file-name pattern produces (the real function, not a copy). */
export function previewFileName(pattern: string, at: Date): string {
  return fileNameFromPattern(pattern, {
    at,
    operation: 'text2video',
    model: 'kling-v2-master',
    prompt: 'A red fox running through fresh snow at dawn',
    task: '3f9c2a1b',
    index: 1,
    contentType: 'video/mp4',
  });
}
