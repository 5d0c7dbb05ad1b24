import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TaskRecord } from '../tasks/task-record';

let counter = 0;

/**
 * A complete, valid {@link TaskRecord} (a succeeded text-to-image task with one downloaded result), with
 * `overrides` applied on top. Ids are unique per call unless overridden. For tests only.
 */
export function makeTaskRecord(overrides: Partial<TaskRecord> = {}): TaskRecord {
  counter += 1;
  const createdAt = 1_750_000_000_000 + counter * 1000;
  return {
    id: `task-${String(counter).padStart(6, '0')}`,
    operationId: 'gateway.text2image',
    family: 'gateway',
    model: 'vendora_3.0_text2image',
    profileId: 'profile-1',
    demo: false,
    status: 'succeeded',
    rawStatus: 'SUCCESS',
    remoteId: `remote-${counter}`,
    prompt: 'A red fox in the snow',
    progress: 100,
    error: null,
    points: 4,
    favourite: false,
    rateLimitedUntil: null,
    expectedMs: null,
    batchId: null,
    rejected: false,
    createdAt,
    submittedAt: createdAt + 50,
    finishedAt: createdAt + 30_000,
    updatedAt: createdAt + 31_000,
    results: [
      {
        index: 0,
        kind: 'image',
        remoteUrl: 'https://cdn.example.test/r/0.png',
        file: `images/${counter}-0.png`,
        mime: 'image/png',
        bytesReceived: 1234,
        bytesTotal: 1234,
        sha256: 'a'.repeat(64),
        thumbnail: null,
        state: 'done',
        error: null,
      },
    ],
    values: { prompt: 'A red fox in the snow', aspect_ratio: '1:1', n: 1 },
    extra: { seed: 42 },
    inputs: [{ id: `${'b'.repeat(64)}.png`, name: 'ref.png', mime: 'image/png', size: 99 }],
    lastRawResponse: {
      code: 200,
      data: { task_status: 'succeed', images: [{ url: 'https://cdn.example.test/r/0.png' }] },
    },
    events: [{ at: createdAt, message: 'submitted' }],
    internal: {
      sendPhase: 'answered',
      nextPollAt: null,
      pollCount: 7,
      callbackToken: 'cb-token',
      baseUrl: 'http://127.0.0.1:9000',
      vendor: 'vendora',
      submitPath: '/open/aigw/gateway/generations',
    },
    ...overrides,
  };
}

/** A fresh temporary directory and a database path inside it; `cleanup` removes both. For tests only. */
export function makeTempDbPath(): { dir: string; file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-db-'));
  return {
    dir,
    file: path.join(dir, 'history.db'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
