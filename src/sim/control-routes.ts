import type { Route, SimContext } from './context';
import type { Exchange } from './exchange';
import { badRequest, readBody, sendJson } from './exchange';
import type { SimFault, SimRequestLogEntry } from './types';
import { parseFaults } from './faults';

/** /__sim/* lets out-of-process tests (e2e, the CLI) read the log and switch faults. */
export function controlRoutes(
  log: () => SimRequestLogEntry[],
  setFaults: (f: SimFault[]) => void,
  clearLog: () => void,
): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/__sim\/log$/,
      family: 'control',
      auth: 'none',
      handle: (ex: Exchange) => sendJson(ex, 200, log()),
    },
    {
      method: 'POST',
      pattern: /^\/__sim\/faults$/,
      family: 'control',
      auth: 'none',
      handle: async (ex: Exchange, _ctx: SimContext) => {
        let value: unknown;
        try {
          value = JSON.parse((await readBody(ex.req, 1024 * 1024)).toString('utf8'));
        } catch {
          throw badRequest('faults must be a JSON array');
        }
        const faults = parseFaults(value);
        if (typeof faults === 'string') throw badRequest(faults);
        setFaults(faults);
        sendJson(ex, 200, { ok: true, faults: faults.length });
      },
    },
    {
      method: 'POST',
      pattern: /^\/__sim\/reset$/,
      family: 'control',
      auth: 'none',
      handle: (ex: Exchange) => {
        clearLog();
        sendJson(ex, 200, { ok: true });
      },
    },
  ];
}
