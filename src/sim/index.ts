/**
 * Gateway simulator: a real HTTP server on 127.0.0.1 implementing ../shared/gateway-spec.md, used
 * by integration/e2e tests and as Atelier's built-in demo gateway. It imports nothing from the
 * rest of the repository so that it tests the client honestly.
 */
export type {
  SimFamily,
  SimSpeed,
  SimFault,
  SimFaultKind,
  SimFaultPoint,
  SimRequestLogEntry,
  SimOptions,
  Simulator,
  SimParallelFigures,
} from './types';
export { startSimulator } from './server';
export { DEFAULT_FAULT_POINT } from './faults';
export {
  simFigures,
  gatewayPoints,
  type Figures as SimFigures,
  type FiguresQuery as SimFiguresQuery,
} from './pricing';
