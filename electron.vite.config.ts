import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { firstPaintChunksPlugin } from './scripts/first-paint-chunks';

/**
 * Three bundles: main (ESM, dependencies external), preload (CommonJS, everything bundled, because a
 * sandboxed preload can only `require` a handful of Electron modules) and the renderer (a plain web app,
 * also served by the web host in browser mode).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // A worker thread's entry, started beside index.js (src/core/provenance/off-thread.ts).
          'settings-worker': resolve(import.meta.dirname, 'src/core/provenance/settings-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // The first paint's chunks: preloaded by the HTML, compiled while streamed (scripts/first-paint-chunks.ts).
    plugins: [react(), firstPaintChunksPlugin()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default: 1.75 MB to parse before the first paint.
      // NO_MINIFY=1 keeps names readable for a profile (bench/gallery/profile.ts).
      minify: !process.env.NO_MINIFY,
      // SOURCEMAP=1 for bench/gallery/bundle-map.ts (which module the first paint's bytes come from).
      sourcemap: !!process.env.SOURCEMAP,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
        // A feature's index.ts only re-exports (features meet only there, a lint rule): marked side-effect
        // free, an import through it reaches the one module it names, so lazy chunks stay lazy.
        treeshake: {
          moduleSideEffects: (id: string) => !/[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
        },
      },
    },
  },
});
