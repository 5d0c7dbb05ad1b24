import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { useAppInfo, usePreferences, useUpdatePreferences } from '../../../bridge/queries';
import { useSettingsError } from '../hooks/use-settings-error';
import { queryKeys } from '../../../state/query-keys';

/**
 * The library folder. Core checks it is writable (creating it when missing) and refuses with a coded
 * error otherwise. The desktop app offers the OS folder picker; web mode has a text field only.
 */
export function LibraryFolderField() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const prefs = usePreferences().data;
  const info = useAppInfo().data;
  const update = useUpdatePreferences();
  const errorText = useSettingsError();
  const [draft, setDraft] = useState(prefs?.libraryDir ?? '');
  useEffect(() => setDraft(prefs?.libraryDir ?? ''), [prefs?.libraryDir]);
  const apply = (libraryDir: string) => {
    setDraft(libraryDir);
    update.mutate({ libraryDir }, { onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.appInfo }) });
  };
  const choose = async () => {
    const { path } = await bridge.call('chooseLibraryFolder', {});
    if (path) apply(path);
  };
  const error = errorText(update.error, 'libraryDir');
  return (
    <div className="settings-field">
      <label className="settings-label" htmlFor="library-dir">
        {t('settings.library.folder')}
      </label>
      <div className="settings-inline">
        <input
          id="library-dir"
          className="field-input"
          data-testid="library-dir"
          value={draft}
          placeholder={info?.libraryDir ?? ''}
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && apply(draft)}
        />
        {bridge.transport === 'electron' && (
          <button className="btn" data-testid="library-choose" onClick={() => void choose()}>
            <FolderOpen size={15} /> {t('settings.library.choose')}
          </button>
        )}
        <button
          className="btn btn-primary"
          data-testid="library-apply"
          disabled={draft === (prefs?.libraryDir ?? '') || update.isPending}
          onClick={() => apply(draft)}
        >
          {t('settings.apply')}
        </button>
      </div>
      {error ? (
        <p className="settings-error" role="alert" data-testid="library-error">
          {error}
        </p>
      ) : (
        <p className="settings-hint">
          {prefs?.libraryDir ? (
            <button className="link-btn" data-testid="library-default" onClick={() => apply('')}>
              {t('settings.library.useDefault')}
            </button>
          ) : (
            t('settings.library.isDefault')
          )}
        </p>
      )}
    </div>
  );
}
