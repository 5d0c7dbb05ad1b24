import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * V8's explicit compile hint: a script that starts with this comment has all its functions compiled while it
 * is parsed (off the main thread when streamed), instead of each one on the main thread the first time it
 * is called. See https://v8.dev/blog/explicit-compile-hints.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The module the entry imports dynamically to render the app (src/renderer/src/app/mount.tsx). */
const MOUNT = /[\\/]app[\\/]mount\.tsx$/;

const isChunk = (o: Rollup.OutputAsset | Rollup.OutputChunk | undefined): o is Rollup.OutputChunk =>
  o?.type === 'chunk';

/** The entry, the app's mount chunk and every chunk they import statically: what runs before the first paint. */
export function firstPaintChunks(bundle: Rollup.OutputBundle): {
  mount: Rollup.OutputChunk | null;
  all: Rollup.OutputChunk[];
} {
  const chunks = Object.values(bundle).filter(isChunk);
  const mount = chunks.find((c) => c.facadeModuleId !== null && MOUNT.test(c.facadeModuleId)) ?? null;
  const seen = new Map<string, Rollup.OutputChunk>();
  const queue = [...chunks.filter((c) => c.isEntry), ...(mount ? [mount] : [])];
  for (let c = queue.pop(); c; c = queue.pop()) {
    if (seen.has(c.fileName)) continue;
    seen.set(c.fileName, c);
    for (const f of c.imports) {
      const dep = bundle[f];
      if (isChunk(dep)) queue.push(dep);
    }
  }
  return { mount, all: [...seen.values()] };
}

/**
 * Issue 31, the cold first paint (a first start: no HTTP or code cache):
 * - the HTML asks for the app's mount chunk, its static imports and its CSS at once (`modulepreload`), so they
 *   load and parse while the entry runs, instead of after it asks for them (`import()`);
 * - those chunks carry {@link COMPILE_HINT}: their functions compile on the streaming parser's thread, not
 *   one by one on the main thread during the first render. The chunks the first screen does not use (the
 *   form, dialogs, editors) are left to V8's lazy compilation.
 */
export function firstPaintChunksPlugin(): Plugin {
  return {
    name: 'atelier:first-paint-chunks',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const { mount, all } = firstPaintChunks(ctx.bundle);
        if (!mount) return [];
        const tags: HtmlTagDescriptor[] = all
          .filter((c) => !c.isEntry)
          .map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` },
            injectTo: 'head',
          }));
        for (const css of mount.viteMetadata?.importedCss ?? [])
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${css}` },
            injectTo: 'head',
          });
        return tags;
      },
    },
    generateBundle: {
      // After Vite's own generateBundle (it puts its preload helper's file list at the top of the entry).
      order: 'post',
      handler(_options, bundle) {
        for (const c of firstPaintChunks(bundle).all) {
          c.code = `${COMPILE_HINT}\n${c.code}`;
          // The hint is one more line at the top: the source map's generated lines move down by one.
          if (c.map) c.map.mappings = `;${c.map.mappings}`;
        }
      },
    },
  };
}
