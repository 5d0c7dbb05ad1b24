import { Box, Film, ImageIcon } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitSubjectPrompt, subjectSchema, type Subject } from '../../../../../shared/operations/media';
import type { FieldOf, FieldProps } from '../field-props';
import { fieldPlaceholder } from '../form-text';
import { insertToken, tokenQueryAt, type TokenQuery } from './caret-query';

const KIND_ICON = { image: <ImageIcon size={14} />, video: <Film size={14} />, element: <Box size={14} /> };

export const subjectsOf = (v: unknown): Subject[] => (Array.isArray(v) ? v.filter((s): s is Subject => subjectSchema.safeParse(s).success) : []);

/**
 * The subject prompt builder. The value stays a plain string; a mirror under a transparent-text textarea
 * draws `<<<id>>>` tokens as chips (red when no subject has that id). Typing `<<<` offers the subjects.
 */
export function SubjectPrompt({ op, field, value, values, onChange, inputId, describedBy, invalid }: FieldProps<FieldOf<'text'>>) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const subjects = subjectsOf(values.subjects);
  const ids = new Set(subjects.map((s) => s.id));
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLSpanElement>(null);
  const [query, setQuery] = useState<TokenQuery | null>(null);
  const [active, setActive] = useState(0);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const pendingCaret = useRef<number | null>(null);

  const options = query ? subjects.filter((s) => s.id.toLowerCase().includes(query.partial.toLowerCase())) : [];

  const refresh = () => {
    const el = areaRef.current;
    if (!el) return;
    setQuery(el.selectionStart === el.selectionEnd ? tokenQueryAt(el.value, el.selectionStart) : null);
  };
  useLayoutEffect(() => {
    if (pendingCaret.current !== null && areaRef.current) {
      areaRef.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
    const mark = measureRef.current;
    if (query && mark && areaRef.current) setPos({ top: mark.offsetTop + mark.offsetHeight - areaRef.current.scrollTop + 4, left: Math.min(mark.offsetLeft, areaRef.current.clientWidth - 220) });
  }, [query, text]);

  const choose = (s: Subject) => {
    if (!query) return;
    const next = insertToken(text, query, s.id);
    pendingCaret.current = next.caret;
    onChange(next.text);
    setQuery(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!query || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setQuery(null);
    } else if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      setActive((a) => (a - 1 + options.length) % options.length);
    } else if ((e.key === 'Enter' || e.key === 'Tab') && options[active]) {
      e.preventDefault();
      choose(options[active]);
    }
  };

  return (
    <div className="fm-sp">
      <div className="fm-sp-mirror field-input fm-textarea fm-prompt" ref={mirrorRef} aria-hidden="true">
        {splitSubjectPrompt(text).map((p, i) =>
          p.kind === 'text' ? (
            <span key={i}>{p.text}</span>
          ) : (
            <span key={i} className={`fm-token${ids.has(p.id) ? '' : ' fm-token-bad'}`} data-testid="prompt-token" data-defined={ids.has(p.id)}>
              <span className="fm-token-br">{'<<<'}</span>
              {p.id}
              <span className="fm-token-br">{'>>>'}</span>
            </span>
          ),
        )}
        {'\u200b'}
      </div>
      <div className="fm-sp-measure field-input fm-textarea fm-prompt" aria-hidden="true">
        {query && (
          <>
            {text.slice(0, query.start)}
            <span ref={measureRef}>{'<'}</span>
          </>
        )}
      </div>
      <textarea
        ref={areaRef}
        id={inputId}
        className="field-input fm-textarea fm-prompt fm-sp-input"
        value={text}
        rows={5}
        spellCheck={false}
        placeholder={fieldPlaceholder(t, op, field)}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        aria-autocomplete="list"
        aria-expanded={!!query}
        data-testid={`field-input-${field.name}`}
        onChange={(e) => {
          onChange(e.target.value);
          setActive(0);
          setQuery(tokenQueryAt(e.target.value, e.target.selectionStart));
        }}
        onSelect={refresh}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (mirrorRef.current) mirrorRef.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
      {query && (
        <ul className="fm-sp-pop" role="listbox" style={{ top: pos.top, left: pos.left }} data-testid="subject-popup">
          {options.length === 0 && <li className="fm-sp-empty">{subjects.length ? t('forms.subjects.noMatch') : t('forms.subjects.noneYet')}</li>}
          {options.map((s, i) => (
            <li
              key={`${s.id}:${i}`}
              role="option"
              aria-selected={i === active}
              className={`fm-sp-option${i === active ? ' fm-active' : ''}`}
              onPointerDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
            >
              {KIND_ICON[s.kind]}
              <code>{s.id}</code>
              <span className="fm-sp-kind">{t(`forms.subjects.kind.${s.kind}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
