/**
 * A gateway simulator in its own process (forked by sim-process.ts), so benchmarks measure the CPU and
 * memory of the client alone and the server never shares the client's event loop. Options come as JSON
 * in argv[2]; requests from the parent arrive over IPC.
 */
import { startSimulator, type SimFault, type SimOptions } from '../../src/sim';
import type { SimRpc, SimRpcReply } from './sim-rpc';

const options = JSON.parse(process.argv[2] ?? '{}') as SimOptions;
const sim = await startSimulator({ port: 0, ...options });

function answer(msg: SimRpc): unknown {
  switch (msg.op) {
    case 'log':
      // Compact: the parent counts requests; bodies and headers would only bloat the IPC message.
      return sim.log.map((e) => ({
        at: e.at,
        method: e.method,
        path: e.path,
        family: e.family,
        status: e.status,
      }));
    case 'clearLog':
      sim.clearLog();
      return true;
    case 'setFaults':
      sim.setFaults(msg.arg as SimFault[]);
      return true;
    case 'describe':
      return sim.describeResult(String(msg.arg)) ?? null;
    case 'finishTimes':
      return sim.finishTimes();
  }
}

process.on('message', (raw) => {
  const msg = raw as SimRpc;
  const reply: SimRpcReply = { id: msg.id, result: answer(msg) };
  process.send?.(reply);
});
process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
process.send?.({ ready: true, baseUrl: sim.baseUrl, apiKey: sim.apiKey });
