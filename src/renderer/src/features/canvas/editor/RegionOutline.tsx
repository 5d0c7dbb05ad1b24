import type { RegionPreview } from './use-region-tools';

/** The lasso or rectangle being drawn, in image coordinates inside the zoomed stage (marching-ants look). */
export function RegionOutline({
  preview,
  width,
  height,
}: {
  preview: RegionPreview;
  width: number;
  height: number;
}) {
  if (!preview) return null;
  const shape =
    preview.kind === 'lasso' ? (
      <polygon points={preview.points.map((p) => `${p.x},${p.y}`).join(' ')} />
    ) : (
      <rect
        x={Math.min(preview.a.x, preview.b.x)}
        y={Math.min(preview.a.y, preview.b.y)}
        width={Math.abs(preview.b.x - preview.a.x)}
        height={Math.abs(preview.b.y - preview.a.y)}
      />
    );
  return (
    <svg
      className="cv-outline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="cv-outline"
    >
      <g className="cv-outline-under">{shape}</g>
      <g className="cv-outline-over">{shape}</g>
    </svg>
  );
}
