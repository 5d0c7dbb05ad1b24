import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim';
import { withPngText } from '../provenance/png';
import { makePng, startTestCore, type TestCore } from '../test-support/core-harness';

/**
 * Issue 26 item 9: a dropped file whose `extra` holds another `model`, `n` and `prompt` must not send them.
 * The file side drops such keys as it is read; core refuses them at submit; the simulator sees the form.
 */
let sim: Simulator;
let t: TestCore;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, apiKey: 'extra-key', speed: 'instant' });
  t = await startTestCore(sim);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const SUBMIT = '/open/aigw/gateway/generations';
const submits = () => sim.log.filter((e) => e.method === 'POST' && e.path === SUBMIT);
const FORM = { model: '{vendor}_3.0_text2image', prompt: 'one quiet lantern', aspect_ratio: '1:1', n: 1 };
const SMUGGLED = { model: '{vendor}_expensive_text2image', n: 4, prompt: 'something else', Aspect_Ratio: '16:9', 'negative-prompt': 'x', seed: 42 };

describe('extra fields never carry a field of the form', () => {
  it('a file whose extra holds model, n and prompt: read without them; "Reuse settings" sends what the form shows', async () => {
    const provenance = {
      app: 'Atelier',
      version: 1,
      taskId: 'from-elsewhere',
      operationId: 'gateway.text2image',
      model: 'vendora_3.0_text2image',
      prompt: FORM.prompt,
      values: FORM,
      extra: { ...SMUGGLED, callbackUrl: 'https://stranger.example/steal' },
    };
    const bytes = withPngText(makePng(16, 16), JSON.stringify(provenance));
    const staged = await t.core.handlers.stageInputBytes({ name: 'dropped.png', mime: 'image/png', bytes: new Uint8Array(bytes) });
    const found = await t.core.handlers.inspectInput({ id: staged.id });
    // Only what the form does not define survives the read.
    expect(found.provenance?.extra).toEqual({ seed: 42 });

    const before = submits().length;
    const task = await t.core.handlers.submitTask({
      operationId: 'gateway.text2image',
      values: found.provenance?.values ?? {},
      extra: found.provenance?.extra ?? {},
    });
    await t.settled(task.id);
    const sent = submits().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.json).toMatchObject({ model: 'vendora_3.0_text2image', prompt: FORM.prompt, n: 1, aspect_ratio: '1:1', seed: 42 });
    expect(sent[0]?.json).not.toHaveProperty('negative-prompt');
    expect(sent[0]?.json).not.toHaveProperty('Aspect_Ratio');
    expect(task.model).toBe('vendora_3.0_text2image');
  });

  it('submit refuses extra fields that name a field of the form (any case or separator), and sends nothing', async () => {
    const before = submits().length;
    for (const extra of [{ model: 'pricey' }, { n: 4 }, { PROMPT: 'other' }, { aspect_ratio: '16:9' }, { 'Negative-Prompt': 'x' }]) {
      await expect(t.core.handlers.submitTask({ operationId: 'gateway.text2image', values: FORM, extra })).rejects.toMatchObject({
        code: 'invalid_input',
        fields: { extra: expect.stringMatching(/field.* of this form/) as unknown },
      });
    }
    await expect(
      t.core.handlers.submitBatch({ operationId: 'gateway.text2image', values: FORM, extra: { n: 4, prompt: 'x' }, count: 3, models: null }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(submits().length).toBe(before);
  });

  it('extra fields the form does not define are still sent', async () => {
    const before = submits().length;
    const task = await t.core.handlers.submitTask({ operationId: 'gateway.text2image', values: FORM, extra: { seed: 7, watermark: false } });
    await t.settled(task.id);
    expect(submits().slice(before)[0]?.json).toMatchObject({ ...FORM, model: 'vendora_3.0_text2image', seed: 7, watermark: false });
  });
});
