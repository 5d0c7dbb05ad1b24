import { Box, CornerDownLeft, Film, ImageIcon, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../shared/operations/fields';
import { SUBJECT_ID_PATTERN, renameSubjectToken, subjectTokens, type Subject } from '../../../../../shared/operations/media';
import type { FieldOf, FieldProps } from '../field-props';
import { MediaField } from '../fields/MediaField';
import { subjectsOf } from './SubjectPrompt';
import { subjectAtFault } from './subject-fault';
import './subjects.css';
import { Tip } from '../../../ui/primitives';

const PREFIX: Record<Subject['kind'], string> = { image: 'img', video: 'vid', element: '' };

function nextId(kind: Subject['kind'], taken: Set<string>): string {
  if (kind === 'element') return '';
  for (let n = 1; ; n++) if (!taken.has(`${PREFIX[kind]}${n}`)) return `${PREFIX[kind]}${n}`;
}

/**
 * The subjects of subject reference: images and videos with ids, or ElementIds created on the gateway.
 * Each card says whether the prompt uses it; renaming an id renames its tokens in the prompt.
 */
export function SubjectsField(props: FieldProps<FieldOf<'subjects'>>) {
  const { op, value, values, onChange, getValue, setOther, inputId, describedBy, invalid } = props;
  const { t } = useTranslation();
  const subjects = subjectsOf(value);
  const prompt = typeof values.prompt === 'string' ? values.prompt : '';
  const used = new Set(subjectTokens(prompt));
  const latest = () => subjectsOf(getValue());
  // Only the card the shown issue names is marked, not every card of the list.
  const badId = invalid ? subjectAtFault(op, values) : null;
  const update = (i: number, s: Subject) => onChange(latest().map((x, j) => (j === i ? s : x)));
  const add = (kind: Subject['kind']) => {
    const id = nextId(kind, new Set(latest().map((s) => s.id)));
    onChange([...latest(), kind === 'element' ? { kind, id } : { kind, id, media: null }]);
  };
  const rename = (i: number, s: Subject, id: string) => {
    const others = latest().filter((_, j) => j !== i);
    if (s.id && SUBJECT_ID_PATTERN.test(id) && !others.some((o) => o.id === id)) setOther('prompt', renameSubjectToken(prompt, s.id, id));
    update(i, { ...s, id });
  };
  const insert = (id: string) => setOther('prompt', `${prompt}${prompt && !/\s$/.test(prompt) ? ' ' : ''}<<<${id}>>>`);
  return (
    <div className="fm-subjects" id={inputId} aria-describedby={describedBy}>
      {subjects.length === 0 && <p className="fm-subjects-empty">{t('forms.subjects.empty')}</p>}
      {subjects.map((s, i) => {
        const bad = badId !== null && s.id === badId;
        const mediaField: FieldDef | null =
          s.kind === 'element'
            ? null
            : { type: 'media', name: `subject-${i}`, label: s.id, accept: s.kind, sources: ['file', 'url', 'result'], urlField: true };
        return (
          <div key={i} className={`fm-subject${bad ? ' fm-subject-bad' : ''}`} data-testid="subject-card" data-invalid={bad ? 'true' : undefined}>
            <div className="fm-subject-head">
              <Tip label={t(`forms.subjects.kind.${s.kind}`)}>
                <span className={`fm-subject-kind fm-kind-${s.kind}`}>
                  {s.kind === 'image' ? <ImageIcon size={14} /> : s.kind === 'video' ? <Film size={14} /> : <Box size={14} />}
                </span>
              </Tip>
              <label className="fm-subject-id">
                <span className="fm-sr">{t(s.kind === 'element' ? 'forms.subjects.elementId' : 'forms.subjects.id')}</span>
                <code>{'<<<'}</code>
                <input
                  className="field-input"
                  value={s.id}
                  placeholder={t(s.kind === 'element' ? 'forms.subjects.elementPlaceholder' : 'forms.subjects.idPlaceholder')}
                  spellCheck={false}
                  data-testid="subject-id"
                  aria-invalid={bad}
                  // The field's message (what is wrong with this id) is read with the id's box.
                  aria-describedby={bad ? describedBy : undefined}
                  onChange={(e) => rename(i, s, e.target.value.trim())}
                />
                <code>{'>>>'}</code>
              </label>
              {s.id &&
                (used.has(s.id) ? (
                  <span className="fm-badge fm-badge-ok">{t('forms.subjects.used')}</span>
                ) : (
                  <span className="fm-badge fm-badge-warn" data-testid="subject-unused">
                    {t('forms.subjects.unused')}
                  </span>
                ))}
              <span className="fm-grow" />
              <Tip label={t('forms.subjects.insertHint')}>
                <button type="button" className="btn btn-sm btn-ghost" disabled={!s.id} onClick={() => insert(s.id)}>
                  <CornerDownLeft size={14} /> {t('forms.subjects.insert')}
                </button>
              </Tip>
              <Tip label={t('forms.subjects.remove')}>
                <button type="button" className="icon-btn" aria-label={t('forms.subjects.remove')} onClick={() => onChange(latest().filter((_, j) => j !== i))}>
                  <Trash2 size={15} />
                </button>
              </Tip>
            </div>
            {mediaField?.type === 'media' && s.kind !== 'element' ? (
              <MediaField
                {...props}
                invalid={bad}
                field={mediaField}
                value={s.media}
                inputId={`${inputId}-${i}`}
                onChange={(m) => {
                  const cur = latest()[i];
                  if (cur && cur.kind !== 'element') update(i, { ...cur, media: (m ?? null) as typeof cur.media });
                }}
                getValue={() => {
                  const cur = latest()[i];
                  return cur && cur.kind !== 'element' ? cur.media : null;
                }}
              />
            ) : (
              <p className="fm-note">{t('forms.subjects.elementHelp')}</p>
            )}
          </div>
        );
      })}
      <div className="fm-subject-add">
        <span className="muted">{t('forms.subjects.add')}</span>
        {(['image', 'video', 'element'] as const).map((k) => (
          <button key={k} type="button" className="btn btn-sm" data-testid={`add-subject-${k}`} onClick={() => add(k)}>
            <Plus size={14} /> {t(`forms.subjects.kind.${k}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
