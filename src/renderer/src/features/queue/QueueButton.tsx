import { ListOrdered } from 'lucide-react';
import { useId, useRef, useState } from 'react';
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
