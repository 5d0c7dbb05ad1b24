/** Deep merge of locale trees: each feature owns a top-level key in its own locale files. */
export type Tree = { [key: string]: string | Tree };
export function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees)
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
    }
  return out;
}
