/** A form value shown readably: media values as what they point to, objects as compact JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o.kind === 'file' && typeof o.input === 'object' && o.input) return `📎 ${String((o.input as Record<string, unknown>).name ?? 'file')}`;
    if (o.kind === 'url' && typeof o.url === 'string') return o.url.startsWith('data:') ? 'data: URL' : o.url;
    if (o.kind === 'result') return `↺ ${String(o.taskId)} #${Number(o.index) + 1}`;
    return JSON.stringify(v);
  }
  return String(v);
}

export function ParamsTable({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values).filter(([k]) => k !== 'prompt');
  if (entries.length === 0) return null;
  return (
    <dl className="gl-params" data-testid="lightbox-params">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{valueText(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
