import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { startSimulator } from '../../sim';
import { SUBMIT_PATH, submit, teamFixture, type GatewayUnderTest } from './test-support/team-fixture';

/**
 * Team mode: a request goes to the gateway only once the ledger says the task may have been sent (its send
 * phase `wire`), so a machine taking the task over never sends it again. A gateway in front of the simulator
 * reads the ledger's row at the moment each submission arrives. Machines are separate processes. With the
 * database there, a Generate with a free slot goes at once after its reservation (no turn in the line).
 */
const seen: { prompt: string; sendPhase: string | null }[] = [];

async function ledgerWatchingGateway(apiKey: string): Promise<GatewayUnderTest> {
  const sim = await startSimulator({ port: 0, apiKey, speed: 0.15 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && req.url === SUBMIT_PATH) {
          const prompt = String((JSON.parse(body.toString('utf8')) as { prompt?: unknown }).prompt ?? '');
          const row = await f.ledger((c) => c.query<{ phase: string | null }>(`SELECT record->'internal'->>'sendPhase' AS phase FROM tasks WHERE record->>'prompt' = $1`, [prompt]));
          seen.push({ prompt, sendPhase: row.rows[0]?.phase ?? null });
        }
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length').map(([k, v]) => [k, String(v)]));
        const answer = await fetch(`${sim.baseUrl}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body.length ? { body } : {}) });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    get log() {
      return sim.log;
    },
    close: async () => {
      await new Promise((r) => server.close(r));
      await sim.close();
    },
  };
}

const f = teamFixture({ leaseMs: 5_000, gateway: ledgerWatchingGateway });

it('every submission reaches the gateway after the ledger recorded it as maybe sent', { timeout: 60_000 }, async () => {
  const { machines } = await f.team(['cleo']);
  const [m] = machines;
  if (!m) throw new Error('no machine');
  // The ledger takes its time over the write saying "sent" (300 ms): a request that did not wait for it would
  // reach the gateway while the ledger still says "not sent".
  await f.ledger((c) =>
    c.query(`CREATE OR REPLACE FUNCTION test_slow_send_write() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$ LANGUAGE plpgsql;
             CREATE TRIGGER test_slow_send_write BEFORE UPDATE ON tasks FOR EACH ROW
               WHEN (NEW.record->'internal'->>'sendPhase' = 'wire' AND OLD.record->'internal'->>'sendPhase' IS DISTINCT FROM 'wire')
               EXECUTE FUNCTION test_slow_send_write();`),
  );
  // Its feed live, as it is a moment after start: before that a Generate waits in the line (the ledger is
  // not known to be reachable yet), which is not what this test is about.
  await m.whenLive();
  const { ids } = await submit(m, 4, 'recorded before sent');
  expect(ids).toHaveLength(4);
  for (const until = Date.now() + 20_000; seen.length < 4 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
  expect(seen).toHaveLength(4);
  expect(seen.map((s) => s.sendPhase)).toEqual(['wire', 'wire', 'wire', 'wire']);
  // With the database there and slots free, a Generate is reserved and sent at once: it never waits in the line.
  const statuses = m.lines.filter((l) => l.type === 'task' && ids.includes(String(l['id']))).map((l) => String(l['status']));
  expect(statuses).toContain('submitting');
  expect(statuses).not.toContain('waiting');
});
