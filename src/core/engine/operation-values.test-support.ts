import type { Core } from '../create-core';
import type { OperationId } from '../../shared/operations/ids';
import { makeMask, makePng, stagePng } from '../test-support/core-harness';

/** Valid form values for every operation, with real staged files where an operation takes them. */
export async function valuesFor(core: Core, op: OperationId, prompt = `a lighthouse at dusk (${op})`): Promise<Record<string, unknown>> {
  const image = { kind: 'file', input: await stagePng(core) };
  switch (op) {
    case 'gateway.text2video':
      return { model: '{vendor}_2.6_text2video', prompt, aspect_ratio: '16:9', duration: 5, mode: 'std' };
    case 'gateway.subjectReference':
      return {
        model: '{vendor}_3.0-Omni_subject_reference',
        prompt: `<<<cat>>> chases <<<hero>>> ${prompt}`,
        subjects: [
          { kind: 'image', id: 'cat', media: image },
          { kind: 'element', id: 'hero' },
        ],
        aspect_ratio: '16:9',
        duration: 5,
        mode: 'std',
      };
    case 'gateway.motionControl':
      return { model: '{vendor}_2.6_motion_control', image_url: image, video_url: { kind: 'url', url: 'https://example.invalid/dance.mp4' }, prompt, mode: 'std' };
    case 'gateway.text2image':
      return { model: '{vendor}_3.0_text2image', prompt, aspect_ratio: '1:1', n: 2 };
    case 'videos.create':
      return { model: 'sora-2', prompt, seconds: '4', size: '1280x720' };
    case 'imageEdit.edit': {
      const source = await stagePng(core, 'photo.png', makePng(64, 48));
      const mask = await core.handlers.stageInputBytes({ name: 'mask.png', mime: 'image/png', bytes: new Uint8Array(makeMask(64, 48, { x: 8, y: 8, w: 16, h: 16 })) });
      return { model: 'gpt-image-1.5', images: [{ kind: 'file', input: source }], mask: { kind: 'file', input: mask }, prompt, quality: 'auto', size: '1024x1024' };
    }
    case 'unifiedVideo.generate':
      return { model: 'kling-v2-6', inputKind: 'firstLastFrame', image, image_tail: { kind: 'file', input: await stagePng(core, 'last.png', makePng(64, 48, [200, 40, 40])) }, prompt, duration: 5, size: '1280x720' };
    case 'unifiedImage.generate':
      return { model: 'gpt-image-1.5', prompt, size: '1024x1024', n: 1, images: [] };
    case 'vendor.expand':
      return { model: 'kling-v1', image: { kind: 'url', url: 'https://example.invalid/source.png' }, prompt, aspect_ratio: '16:9' };
    case 'vendor.avatar': {
      const audio = await core.handlers.stageInputBytes({ name: 'voice.mp3', mime: 'audio/mpeg', bytes: new Uint8Array(Buffer.from('ID3 fake audio bytes')) });
      return { model: 'kling-avatar', image, audio: { kind: 'file', input: audio } };
    }
    case 'vendor.extend':
      return { model: 'kling-v2-6', video_id: 'vid-123', prompt };
  }
}
