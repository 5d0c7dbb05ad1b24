import { defineConfig } from 'vitest/config';
import './scripts/node20-polyfills';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/lint/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./scripts/node20-polyfills.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
