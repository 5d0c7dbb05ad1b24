import { runMain } from './main-process';

/** The Electron main process: everything lives in main-process.ts so the wiring tests can drive it. */
void runMain();
