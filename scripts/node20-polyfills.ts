/**
 * Node 20 lacks Map.groupBy (Node 21+, and Electron's Node 22 has it); vitest's failure printer calls it.
 * Loaded by vitest.config.ts (main process) and as a setup file (workers). Remove when Node 20 is gone.
 */
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}
export {};
