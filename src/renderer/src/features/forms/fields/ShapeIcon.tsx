/** A tiny rectangle with the proportions of a ratio, for aspect-ratio and size chips. */
export function ShapeIcon({ w, h }: { w: number; h: number }) {
  const box = 16;
  const scale = box / Math.max(w, h, 1);
  const width = Math.max(4, Math.round(w * scale));
  const height = Math.max(4, Math.round(h * scale));
  return (
    <svg className="fm-shape" width={box} height={box} viewBox={`0 0 ${box} ${box}`} aria-hidden="true">
      <rect x={(box - width) / 2 + 0.75} y={(box - height) / 2 + 0.75} width={width - 1.5} height={height - 1.5} rx={2} />
    </svg>
  );
}

/** Parses `16:9` or `1024x768` into its two numbers. */
export function ratioOf(s: string): { w: number; h: number } | null {
  const m = /^(\d+(?:\.\d+)?)[:x](\d+(?:\.\d+)?)$/.exec(s);
  return m ? { w: Number(m[1]), h: Number(m[2]) } : null;
}
