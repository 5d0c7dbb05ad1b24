import { defineConfig } from 'vitest/config';
import './scripts/node20-polyfills';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/lint/**/*.test.ts', 'reliability/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./scripts/node20-polyfills.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000, // set-ups start simulators, cores and databases: slow on a loaded machine, never a verdict
    pool: 'forks',
    // electron-store imports `electron`: inlined, so main's wiring tests' vi.mock('electron') reaches it.
    server: { deps: { inline: ['electron-store'] } },
  },
});
