import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { usePreferences, useUpdatePreferences } from '../../../bridge/queries';
import { useSettingsError } from '../hooks/use-settings-error';
import { Tip } from '../../../ui/primitives';

/** The tokens core's file-name function understands (src/core/downloads/file-name.ts). */
export const FILE_NAME_TOKENS = ['date', 'time', 'operation', 'model', 'prompt', 'task', 'index'] as const;

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
  const save = () => {
    if (draft.trim() && draft !== prefs?.fileNamePattern) update.mutate({ fileNamePattern: draft.trim() });
  };
  const insert = (token: string) => {
    const el = input.current;
    const at = el?.selectionStart ?? draft.length;
    const next = `${draft.slice(0, at)}{${token}}${draft.slice(el?.selectionEnd ?? at)}`;
    setDraft(next);
    update.mutate({ fileNamePattern: next });
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
      {error && <p className="settings-error">{error}</p>}
    </div>
  );
}
