import type { TaskRecord } from '../../src/core/tasks/task-record';
import { fixtureTask } from './seed';

const MIN = 60_000;

/** Tasks the gallery specs look for by id; newer than every random one so they sit at the top. */
export function galleryFixtures(now = Date.now()): TaskRecord[] {
  const result = (kind: 'image' | 'video', id: string, index = 0) => ({
    index,
    kind,
    remoteUrl: `https://cdn.example.test/${id}/${index}`,
    file: `${kind}s/${id}-${index}.${kind === 'image' ? 'png' : 'mp4'}`,
    mime: kind === 'image' ? 'image/png' : 'video/mp4',
    bytesReceived: 1000,
    bytesTotal: 1000,
    sha256: null,
    thumbnail: null,
    state: 'done' as const,
    error: null,
  });
  return [
    fixtureTask('fx-zebra', {
      operationId: 'gateway.text2image',
      prompt: 'A zebracorn grazing on a glowing meadow at dawn, storybook illustration',
      status: 'succeeded',
      createdAt: now - 1 * MIN,
      finishedAt: now - 1 * MIN + 9000,
      results: [result('image', 'fx-zebra', 0), result('image', 'fx-zebra', 1)],
      values: { prompt: 'A zebracorn grazing on a glowing meadow at dawn', aspect_ratio: '1:1', n: 2, seed: 1234 },
      lastRawResponse: { code: 0, data: { status: 'SUCCESS', images: ['https://cdn.example.test/fx-zebra/0'] } },
      points: 4,
    }),
    fixtureTask('fx-video', {
      operationId: 'videos.create',
      model: 'sora-2',
      prompt: 'Paper lanterns rising over a quiet harbour, cinematic slow motion',
      status: 'succeeded',
      createdAt: now - 2 * MIN,
      finishedAt: now - 2 * MIN + 95_000,
      remoteId: 'video_68f0aa',
      results: [result('video', 'fx-video', 0)],
      values: { prompt: 'Paper lanterns rising over a quiet harbour', model: 'sora-2', seconds: '4', size: '1280x720' },
      points: 20,
    }),
    fixtureTask('fx-stalled', {
      operationId: 'gateway.text2video',
      prompt: 'A hot air balloon festival seen from a drone',
      status: 'stalled',
      createdAt: now - 40_000,
      submittedAt: now - 38_000,
      error: 'No result after a long wait. The gateway may still finish it: use “check again”.',
    }),
    fixtureTask('fx-failed', {
      operationId: 'imageEdit.edit',
      prompt: 'Replace the sky with aurora borealis',
      status: 'failed',
      createdAt: now - 3 * MIN,
      finishedAt: now - 3 * MIN + 5000,
      error: 'content policy violation: the request was rejected by the safety system',
    }),
    fixtureTask('fx-unknown', {
      operationId: 'unifiedVideo.generate',
      prompt: 'Timelapse of a blooming night cactus',
      status: 'unknown',
      remoteId: null,
      createdAt: now - 4 * MIN,
    }),
  ];
}
