import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from './types';
import { call, startTestSim } from './test-helpers';

interface Received {
  at: number;
  body: Record<string, unknown>;
}

let receiver: Server;
let callbackUrl = '';
const received: Received[] = [];
let sim: Simulator;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({ at: Date.now(), body: JSON.parse(text) as Record<string, unknown> });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

async function submit(prompt: string, url = callbackUrl): Promise<{ taskNo: string; at: number }> {
  const r = await call(sim, 'POST', '/open/aigw/gateway/generations', {
    model: 'vendora_3.0_text2image',
    prompt,
    callbackUrl: url,
  });
  expect(r.status).toBe(200);
  return { taskNo: String(r.body.taskNo), at: Date.now() };
}

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const forTask = (taskNo: string): Received[] => received.filter((r) => r.body.taskNo === taskNo);

describe('callback faults', () => {
  it('duplicateCallback sends the same callback twice', async () => {
    sim.setFaults([{ kind: 'duplicateCallback', times: 1 }]);
    const { taskNo } = await submit('dup');
    await wait(600);
    const got = forTask(taskNo);
    expect(got).toHaveLength(2);
    expect(got[0]?.body.sign).toBe(got[1]?.body.sign);
  });

  it('loseCallback sends nothing, delayCallback sends late', async () => {
    // Callback faults are drawn when a callback is due, so both are armed before either task ends:
    // the first task to finish loses its callback, the second gets the delay.
    sim.setFaults([
      { kind: 'loseCallback', times: 1 },
      { kind: 'delayCallback', delayMs: 500, times: 1 },
    ]);
    const lost = await submit('lost');
    await wait(20);
    const late = await submit('late');
    await wait(1100);
    expect(forTask(lost.taskNo)).toHaveLength(0);
    const got = forTask(late.taskNo);
    expect(got).toHaveLength(1);
    // instant image tasks finish within ~200 ms; the delay puts the callback well after that.
    expect((got[0]?.at ?? 0) - late.at).toBeGreaterThanOrEqual(500);
  });

  it('never calls back to a non-loopback host', async () => {
    sim.setFaults([]);
    const before = received.length;
    const { taskNo } = await submit('remote', 'http://example.com/hook');
    await wait(400);
    expect(received.length).toBe(before);
    expect(forTask(taskNo)).toHaveLength(0);
  });
});
