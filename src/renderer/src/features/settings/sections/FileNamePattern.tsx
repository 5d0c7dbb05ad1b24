import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { usePreferences, useUpdatePreferences } from '../../../bridge/queries';
import { useSettingsError } from '../hooks/use-settings-error';
import { Tip } from '../../../ui/primitives';

/** The tokens core's file-name function understands (src/core/downloads/file-name.ts). */
export const FILE_NAME_TOKENS = ['date', 'time', 'operation', 'model', 'prompt', 'task', 'index'] as const;
/** As long as the preferences schema lets a pattern be. */
const PATTERN_MAX = 200;

/** What is wrong with a pattern before it is saved (core drops a token it does not know, silently). */
export function patternProblem(pattern: string): { key: 'patternEmpty' | 'patternTooLong' | 'patternUnknown'; token?: string } | null {
  const p = pattern.trim();
  if (!p) return { key: 'patternEmpty' };
  if (p.length > PATTERN_MAX) return { key: 'patternTooLong' };
  const unknown = [...p.matchAll(/\{([^{}]*)\}/g)].find((m) => !(FILE_NAME_TOKENS as readonly string[]).includes(m[1] ?? ''));
  return unknown ? { key: 'patternUnknown', token: unknown[0] } : null;
}

/**
 * The result file-name pattern, with clickable tokens and a live example computed by core's real
 * function (so the preview cannot drift from what downloads do). Saved on blur or Enter.
 */
export function FileNamePattern() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const prefs = usePreferences().data;
  const update = useUpdatePreferences();
  const errorText = useSettingsError();
  const [draft, setDraft] = useState(prefs?.fileNamePattern ?? '');
  const [example, setExample] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setDraft(prefs?.fileNamePattern ?? ''), [prefs?.fileNamePattern]);
  useEffect(() => {
    if (!draft.trim()) return setExample('');
    const timer = setTimeout(() => {
      bridge.call('previewFileName', { pattern: draft }).then(
        (r) => setExample(r.example),
        () => setExample(''),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [bridge, draft]);
  const [problem, setProblem] = useState<ReturnType<typeof patternProblem>>(null);
  const save = () => {
    const found = patternProblem(draft);
    setProblem(found);
    if (!found && draft.trim() !== prefs?.fileNamePattern) update.mutate({ fileNamePattern: draft.trim() });
  };
  const insert = (token: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? draft.length;
    const next = `${draft.slice(0, at)}{${token}}${draft.slice(el?.selectionEnd ?? at)}`;
    setDraft(next);
    const found = patternProblem(next);
    setProblem(found);
    if (!found) update.mutate({ fileNamePattern: next.trim() });
    requestAnimationFrame(() => el?.focus());
  };
  const error = errorText(update.error, 'fileNamePattern');
  return (
    <div className="settings-field">
      <label className="settings-label" htmlFor="file-name-pattern">
        {t('settings.library.pattern')}
      </label>
      <input
        ref={input}
        id="file-name-pattern"
        className="field-input mono"
        data-testid="file-name-pattern"
        value={draft}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'file-name-pattern-error' : undefined}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && save()}
      />
      <div className="settings-tokens" aria-label={t('settings.library.tokens')}>
        {FILE_NAME_TOKENS.map((token) => (
          <Tip key={token} label={t(`settings.library.token.${token}`)}>
            <button
              className="token-chip"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(token)}
            >
              {`{${token}}`}
              <span className="muted">{t(`settings.library.token.${token}`)}</span>
            </button>
          </Tip>
        ))}
      </div>
      <p className="settings-hint">
        {t('settings.library.example')} <code data-testid="file-name-example">{example || '…'}</code>
      </p>
      <p className="settings-hint">{t('settings.library.neverOverwrite')}</p>
      {problem ? (
        <p className="settings-error" id="file-name-pattern-error" data-testid="file-name-pattern-error" role="alert">
          {t(`settings.library.${problem.key}`, { token: problem.token, max: PATTERN_MAX })}
        </p>
      ) : (
        error && <p className="settings-error">{error}</p>
      )}
    </div>
  );
}
