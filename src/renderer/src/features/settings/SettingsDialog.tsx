import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../state/ui-store';
import { AboutSection } from './sections/AboutSection';
import { GeneralSection } from './sections/GeneralSection';
import { LibrarySection } from './sections/LibrarySection';
import { GatewaysSection } from './profiles/GatewaysSection';
import { useSettingsUi, type SettingsTab } from './settings-store';
import './settings.css';

const TABS: readonly SettingsTab[] = ['general', 'gateways', 'library', 'about'];

/** Settings: general (appearance, language, notifications), gateways and keys, library and files, about. */
export function SettingsDialog() {
  const { t } = useTranslation();
  const tab = useSettingsUi((s) => s.tab);
  const setTab = useSettingsUi((s) => s.setTab);
  const close = () => useUiStore.getState().setSettingsOpen(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Escape closes the dialog unless an inner confirm handled it first.
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        className="modal settings"
        role="dialog"
        aria-modal="true"
        aria-labelledby="settings-title"
        data-testid="settings"
      >
        <header className="modal-header">
          <h2 id="settings-title">{t('settings.title')}</h2>
          <button className="icon-btn" aria-label={t('settings.close')} onClick={close}>
            <X size={18} />
          </button>
        </header>
        <div className="settings-body">
          <nav className="settings-tabs" role="tablist" aria-orientation="vertical">
            {TABS.map((id) => (
              <button
                key={id}
                role="tab"
                aria-selected={tab === id}
                className={`settings-tab${tab === id ? ' active' : ''}`}
                data-testid={`settings-tab-${id}`}
                onClick={() => setTab(id)}
              >
                {t(`settings.tabs.${id}`)}
              </button>
            ))}
          </nav>
          <div className="settings-content" role="tabpanel">
            {tab === 'general' && <GeneralSection />}
            {tab === 'gateways' && <GatewaysSection />}
            {tab === 'library' && <LibrarySection />}
            {tab === 'about' && <AboutSection />}
          </div>
        </div>
      </div>
    </div>
  );
}
