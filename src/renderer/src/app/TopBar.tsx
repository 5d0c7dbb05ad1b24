import { Moon, Settings, Sparkles, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnection, useUpdatePreferences } from '../bridge/queries';
import { useUiStore } from '../state/ui-store';

export function TopBar({ connected, theme }: { connected: boolean; theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const connection = useConnection().data;
  const updatePrefs = useUpdatePreferences();
  const openSettings = useUiStore((s) => s.setSettingsOpen);
  const state = !connected ? 'offline' : connection && !connection.hasKey ? 'noKey' : 'connected';
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark">
          <Sparkles size={16} />
        </span>
        <span className="brand-name">{t('app.name')}</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </div>
      <div className="topbar-right">
        <span className="pill" data-testid="connection-status" title={connection?.demo ? t('connection.demoHint') : connection?.baseUrl}>
          <span className={`dot ${state === 'connected' ? 'ok' : state === 'noKey' ? 'warn' : 'danger'}`} />
          {connection ? (connection.demo ? t('connection.demo') : connection.profileName) : '…'}
          <span className="muted">· {t(`connection.${state}`)}</span>
        </span>
        {connection?.demo && (
          <span className="pill badge-demo" title={t('connection.demoHint')}>
            {t('connection.demoBadge')}
          </span>
        )}
        <button
          className="icon-btn"
          aria-label={theme === 'dark' ? t('app.themeLight') : t('app.themeDark')}
          title={theme === 'dark' ? t('app.themeLight') : t('app.themeDark')}
          onClick={() => updatePrefs.mutate({ theme: theme === 'dark' ? 'light' : 'dark' })}
        >
          {theme === 'dark' ? <Sun size={17} /> : <Moon size={17} />}
        </button>
        <button className="icon-btn" aria-label={t('app.settings')} title={t('app.settings')} data-testid="open-settings" onClick={() => openSettings(true)}>
          <Settings size={17} />
        </button>
      </div>
    </header>
  );
}
