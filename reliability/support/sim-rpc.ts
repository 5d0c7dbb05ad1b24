/** Messages between a bench and its simulator child (sim-child.ts). */
export interface SimRpc {
  id: number;
  op: 'log' | 'clearLog' | 'setFaults' | 'describe' | 'finishTimes';
  arg?: unknown;
}

export interface SimRpcReply {
  id: number;
  result: unknown;
}

/** The part of a request log entry the benches count with. */
export interface CompactLogEntry {
  at: number;
  method: string;
  path: string;
  family: string;
  status: number;
}
