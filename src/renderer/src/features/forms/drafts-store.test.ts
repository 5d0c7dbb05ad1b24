import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../../../../shared/domain/task';
import { useUiStore } from '../../state/ui-store';
import { draftOf, loadDraftFromTask, presetForModel, setDraftField, useDraftStore } from './drafts-store';

const detail = (over: Partial<TaskDetail>): TaskDetail => ({
  id: 't1',
  operationId: 'gateway.text2video',
  family: 'gateway',
  model: 'vendora_3.0_text2video',
  profileId: 'demo',
  demo: true,
  status: 'succeeded',
  rawStatus: 'success',
  remoteId: 'T-1',
  prompt: 'a fox',
  progress: null,
  error: null,
  points: null,
  favourite: false,
  rateLimitedUntil: null,
  expectedMs: null,
  batchId: null,
  rejected: false,
  createdAt: 1,
  submittedAt: 1,
  finishedAt: 2,
  updatedAt: 2,
  results: [],
  values: {},
  extra: {},
  inputs: [],
  lastRawResponse: null,
  events: [],
  ...over,
});

describe('drafts', () => {
  it('maps a stored, vendor-filled model id back to its preset; keeps free ids', () => {
    expect(presetForModel('gateway.text2video', 'vendora_3.0-Omni_text2video')).toBe('{vendor}_3.0-Omni_text2video');
    expect(presetForModel('gateway.text2video', 'acme_2.1_text2video')).toBe('{vendor}_2.1_text2video');
    expect(presetForModel('gateway.text2video', 'my-model')).toBe('my-model');
    expect(presetForModel('imageEdit.edit', 'gpt-image-1')).toBe('gpt-image-1');
  });

  it('loadDraftFromTask switches the operation and fills values and extra', () => {
    loadDraftFromTask(detail({ operationId: 'gateway.text2video', values: { model: 'vendora_3.0_text2video', prompt: 'a fox', duration: 8 }, extra: { seed: 3 } }));
    expect(useUiStore.getState().operationId).toBe('gateway.text2video');
    const d = draftOf(useDraftStore.getState().drafts, 'gateway.text2video');
    expect(d.values).toMatchObject({ model: '{vendor}_3.0_text2video', prompt: 'a fox', duration: 8, aspect_ratio: '16:9' });
    expect(JSON.parse(d.extra)).toEqual({ seed: 3 });
  });

  it('setDraftField appends to lists within their limit and sets single fields', () => {
    const img = { kind: 'url', url: 'https://x.test/a.png' };
    useDraftStore.getState().reset('imageEdit.edit');
    for (let i = 0; i < 18; i++) setDraftField('imageEdit.edit', 'images', img);
    expect(draftOf(useDraftStore.getState().drafts, 'imageEdit.edit').values.images).toHaveLength(16);
    setDraftField('vendor.expand', 'image', img);
    expect(draftOf(useDraftStore.getState().drafts, 'vendor.expand').values.image).toEqual(img);
    expect(useUiStore.getState().operationId).toBe('vendor.expand');
  });
});
