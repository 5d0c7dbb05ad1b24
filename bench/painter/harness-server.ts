import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';

const repo = resolve(import.meta.dirname, '../..');

/** Serves e2e/harness/painter with the real painter sources (inline config, no project config). */
export async function startPainterHarness(): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    configFile: false,
    root: resolve(repo, 'e2e/harness/painter'),
    cacheDir: resolve(repo, 'bench/.tmp/vite-painter'),
    plugins: [react()],
    logLevel: 'warn',
    resolve: { alias: { '@mask-painter': resolve(repo, 'src/renderer/src/features/mask-painter') } },
    // Pre-bundle up front so the page is not reloaded mid-measurement by dependency discovery.
    optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime', 'zustand', 'zustand/middleware'] },
    server: { host: '127.0.0.1', port: 0, fs: { allow: [repo] } },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite did not report a URL');
  return { url, server };
}
