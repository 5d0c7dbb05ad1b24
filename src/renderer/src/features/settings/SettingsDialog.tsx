import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../state/ui-store';
import { Modal, ModalTitle } from '../../ui/primitives';
import { AboutSection } from './sections/AboutSection';
import { GeneralSection } from './sections/GeneralSection';
import { LibrarySection } from './sections/LibrarySection';
import { GatewaysSection } from './profiles/GatewaysSection';
import { TeamSection } from '../team';
import { useSettingsUi, type SettingsTab } from './settings-store';
import './settings.css';

const TABS: readonly SettingsTab[] = ['general', 'gateways', 'library', 'team', 'about'];

/** Settings: general (appearance, language, notifications), gateways and keys, library and files, about. */
export function SettingsDialog() {
  const { t } = useTranslation();
  const tab = useSettingsUi((s) => s.tab);
  const setTab = useSettingsUi((s) => s.setTab);
  const close = () => useUiStore.getState().setSettingsOpen(false);
  return (
    <Modal onClose={close} backdropClassName="modal-backdrop" className="modal settings" testId="settings">
      <header className="modal-header">
        <ModalTitle asChild>
          <h2>{t('settings.title')}</h2>
        </ModalTitle>
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
          {tab === 'team' && <TeamSection />}
          {tab === 'about' && <AboutSection />}
        </div>
      </div>
    </Modal>
  );
}
