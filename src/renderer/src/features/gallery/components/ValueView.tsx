import { Paperclip, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { getOperation } from '../../../../../shared/operations/catalog';
import type { FieldDef } from '../../../../../shared/operations/fields';
import type { OperationId } from '../../../../../shared/operations/ids';
import { mediaUrl } from '../../../bridge/media';
import { fieldLabel, optionLabel } from '../../forms';
import { useTaskDetail } from '../hooks/use-task-pages';
import { TaskMedia } from './TaskMedia';
import './params.css';
import { Tip } from '../../../ui/primitives';

/** A form value shown readably as text: media values as what they point to, objects as compact JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o.kind === 'file' && typeof o.input === 'object' && o.input)
      return String((o.input as Record<string, unknown>).name ?? 'file');
    if (o.kind === 'url' && typeof o.url === 'string') return o.url.startsWith('data:') ? 'data: URL' : o.url;
    if (o.kind === 'result') return `#${Number(o.index) + 1}`;
    return JSON.stringify(v);
  }
  return String(v);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A task used as an input: its thumbnail and its title (the prompt), not its id. */
function ResultInput({ taskId, index }: { taskId: string; index: number }) {
  const { t } = useTranslation();
  const source = useTaskDetail(taskId).data as TaskSummary | undefined;
  if (!source) {
    return (
      <span className="gl-input-chip">
        <RotateCcw size={13} /> {t('gallery.details.fromGallery')}
      </span>
    );
  }
  return (
    <Tip label={source.prompt}>
      <span className="gl-input-chip">
        <span className="gl-input-thumb">
          <TaskMedia task={source} index={index} />
        </span>
        <span className="gl-input-name">{source.prompt || t(`op.${source.operationId}.label`)}</span>
      </span>
    </Tip>
  );
}

/** One media value: a thumbnail for images (staged files, gallery results), else its name or link. */
function MediaValue({ value, title }: { value: Record<string, unknown>; title?: string }) {
  if (value.kind === 'result' && typeof value.taskId === 'string')
    return <ResultInput taskId={value.taskId} index={Number(value.index) || 0} />;
  if (value.kind === 'file' && isRecord(value.input)) {
    const input = value.input;
    const name = String(input.name ?? '');
    const image =
      typeof input.mime === 'string' && input.mime.startsWith('image/') && typeof input.id === 'string';
    return (
      <Tip label={name}>
        <span className="gl-input-chip">
          {image ? (
            <span className="gl-input-thumb">
              <img src={mediaUrl('inputs', String(input.id))} alt={title ?? name} loading="lazy" />
            </span>
          ) : (
            <Paperclip size={13} />
          )}
          <span className="gl-input-name">{title ? `${title} · ${name}` : name}</span>
        </span>
      </Tip>
    );
  }
  return <span>{valueText(value)}</span>;
}

function FieldValue({
  op,
  field,
  value,
}: {
  op: OperationId | undefined;
  field: FieldDef | undefined;
  value: unknown;
}) {
  const { t } = useTranslation();
  if (Array.isArray(value) && value.some(isRecord)) {
    return (
      <span className="gl-input-list">
        {value.map((v, i) =>
          isRecord(v) && 'kind' in v ? <MediaValue key={i} value={v} /> : <span key={i}>{valueText(v)}</span>,
        )}
      </span>
    );
  }
  if (isRecord(value) && 'kind' in value) return <MediaValue value={value} />;
  if (typeof value === 'boolean') return <>{t(value ? 'gallery.details.yes' : 'gallery.details.no')}</>;
  if (op && field?.type === 'select' && typeof value === 'string') {
    const option = field.options.find((o) => o.value === value);
    return <>{option ? optionLabel(t, op, field, value, option.label) : value}</>;
  }
  return <>{valueText(value)}</>;
}

/**
 * The parameters of a task with the form's own field labels (translated), in the catalog's order; names the
 * catalog does not know keep their raw name. The raw API names stay in the raw response section.
 */
export function ParamsTable({
  operationId,
  values,
}: {
  operationId?: OperationId;
  values: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  let fields: readonly FieldDef[] = [];
  try {
    fields = operationId ? getOperation(operationId).fields : [];
  } catch {
    fields = [];
  }
  const order = (k: string): number => {
    const i = fields.findIndex((f) => f.name === k);
    return i === -1 ? fields.length : i;
  };
  const entries = Object.entries(values)
    .filter(([k]) => k !== 'prompt')
    .sort(([a], [b]) => order(a) - order(b));
  if (entries.length === 0) return null;
  return (
    <dl className="gl-params" data-testid="lightbox-params">
      {entries.map(([k, v]) => {
        const field = fields.find((f) => f.name === k);
        return (
          <div key={k} data-param={k}>
            {/* The wire name is an identifier, not a word: shown as code, never translated. */}
            <Tip
              label={
                <>
                  {t('gallery.params.sentAs')} <code>{k}</code>
                </>
              }
            >
              <dt>{field && operationId ? fieldLabel(t, operationId, field) : k}</dt>
            </Tip>
            <dd>
              <FieldValue op={operationId} field={field} value={v} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
