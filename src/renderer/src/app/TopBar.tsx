import { Moon, Settings, Sparkles, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../shared/bridge/contract';
import { useBridgeStatus } from '../bridge/bridge-status';
import { useConnection, useUpdatePreferences } from '../bridge/queries';
import { useUiStore } from '../state/ui-store';
import { Tip } from '../ui/primitives';

type PillState = 'offline' | 'noKey' | 'keyRefused' | 'unreachable' | 'rateLimited' | 'connected' | 'ready';
const DOTS: Record<PillState, string> = {
  offline: 'danger',
  noKey: 'warn',
  keyRefused: 'danger',
  unreachable: 'danger',
  rateLimited: 'warn',
  connected: 'ok',
  ready: '',
};

/** The bridge first (can we reach core?), then the key, then what the gateway last answered. */
function pillState(connected: boolean, c: Connection | undefined): PillState {
  if (!connected) return 'offline';
  if (!c) return 'ready';
  if (!c.hasKey) return 'noKey';
  switch (c.health) {
    case 'ok':
      return 'connected';
    case 'unknown':
      return 'ready';
    default:
      return c.health;
  }
}

export function TopBar({ connected, theme }: { connected: boolean; theme: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const connection = useConnection().data;
  const updatePrefs = useUpdatePreferences();
  const openSettings = useUiStore((s) => s.setSettingsOpen);
  const everConnected = useBridgeStatus((s) => s.everConnected);
  const state = pillState(connected, connection);
  return (
    <header className="topbar">
      {!connected && everConnected && (
        <div className="topbar-lost" role="alert" data-testid="connection-lost">
          {t('connection.lost')}
        </div>
      )}
      <div className="brand">
        <span className="brand-mark">
          <Sparkles size={16} />
        </span>
        <span className="brand-name">{t('app.name')}</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </div>
      <div className="topbar-right">
        <Tip label={state === 'offline' ? t(everConnected ? 'connection.lostHint' : 'connection.offline') : connection?.demo ? t('connection.demoHint') : connection?.baseUrl}>
          <span
            className="pill"
            data-testid="connection-status"
            data-state={state}
          >
            <span className={`dot ${DOTS[state]}`} />
            {connection ? (connection.demo ? t('connection.demo') : connection.profileName) : '…'}
            <span className="muted">· {t(`connection.${state}`)}</span>
          </span>
        </Tip>
        {connection?.demo && (
          <Tip label={t('connection.demoHint')}>
            <span className="pill badge-demo">
              {t('connection.demoBadge')}
            </span>
          </Tip>
        )}
        <Tip label={theme === 'dark' ? t('app.themeLight') : t('app.themeDark')}>
          <button
            className="icon-btn"
            aria-label={theme === 'dark' ? t('app.themeLight') : t('app.themeDark')}
            onClick={() => updatePrefs.mutate({ theme: theme === 'dark' ? 'light' : 'dark' })}
          >
            {theme === 'dark' ? <Sun size={17} /> : <Moon size={17} />}
          </button>
        </Tip>
        <Tip label={t('app.settings')}>
          <button className="icon-btn" aria-label={t('app.settings')} data-testid="open-settings" onClick={() => openSettings(true)}>
            <Settings size={17} />
          </button>
        </Tip>
      </div>
    </header>
  );
}
