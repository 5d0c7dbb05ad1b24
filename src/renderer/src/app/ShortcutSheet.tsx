import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectionStore } from '../features/gallery';
import { isModalOpen, Modal, ModalClose, ModalTitle } from '../ui/primitives';
import { SHORTCUTS } from './shortcuts';

/** A key typed into a field, or one a popup (menu, listbox, popover) handles itself. */
function handledElsewhere(e: KeyboardEvent): boolean {
  const t = e.target;
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'button'].includes(t.type)) return true;
  return t.closest('[role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]') !== null;
}

/**
 * The app's own keys: `?` opens the shortcut sheet, Escape clears the gallery's selection. Neither acts while
 * a modal is open (no modal on a modal; the modal's Escape is its own).
 */
export function ShortcutSheet() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || handledElsewhere(e) || isModalOpen()) return;
      if (e.key === '?') {
        e.preventDefault();
        setOpen(true);
      } else if (e.key === 'Escape' && useSelectionStore.getState().ids.size > 0) {
        e.preventDefault();
        useSelectionStore.getState().clear();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Modal onClose={() => setOpen(false)} className="shortcut-sheet" testId="shortcut-sheet">
      <header className="shortcut-head">
        <ModalTitle asChild>
          <h2>{t('app.keys.title')}</h2>
        </ModalTitle>
        <ModalClose className="icon-btn" aria-label={t('app.keys.close')}>
          <X size={17} />
        </ModalClose>
      </header>
      <div className="shortcut-groups">
        {SHORTCUTS.map((g) => (
          <section key={g.group}>
            <h3>{t(`app.keys.groups.${g.group}`)}</h3>
            <dl>
              {g.items.map((k) => (
                <div key={k.keys + k.label}>
                  <dt>
                    <kbd>{k.combo ? t(`app.keys.combo.${k.combo}`, { defaultValue: k.keys }) : k.keys}</kbd>
                  </dt>
                  <dd>{t(`app.keys.${k.label}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
