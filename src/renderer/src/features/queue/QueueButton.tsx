import { ListOrdered } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueuePanel } from './QueuePanel';
import { useQueue } from './use-queue';
import './queue.css';

/** The top bar's queue button (running · waiting counts) and the panel it opens. */
export function QueueButton() {
  const { t } = useTranslation();
  const { data } = useQueue();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const profiles = data?.snapshot.profiles ?? [];
  const running = profiles.reduce((n, p) => n + p.running.length, 0);
  const waiting = profiles.reduce((n, p) => n + p.waiting.length, 0);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  // Like a popover, without taking focus from the page: a press anywhere else puts the panel away (it
  // covered the gallery's toolbar until closed by hand), and Escape closes it from its own button as from
  // inside (the panel's own handler), not only once Tab had reached it.
  useEffect(() => {
    if (!open) return;
    const panel = () => document.getElementById(panelId);
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      // The panel's own layers (a Select's listbox, a tooltip) live in portals outside it.
      if (!target || panel()?.contains(target) || button.current?.contains(target) || target.closest('[data-radix-popper-content-wrapper]')) return;
      setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && (document.activeElement === button.current || document.activeElement === document.body)) {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, panelId]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`pill queue-pill${data?.snapshot.paused ? ' paused' : ''}`}
        data-testid="open-queue"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('queue.openCount', { running, waiting })}
        onClick={() => setOpen((o) => !o)}
      >
        <ListOrdered size={15} aria-hidden /> {t('queue.open')}
        {(running > 0 || waiting > 0) && <span className="muted">· {t('queue.summary', { running, waiting })}</span>}
      </button>
      {open && <QueuePanel id={panelId} onClose={close} />}
    </>
  );
}
