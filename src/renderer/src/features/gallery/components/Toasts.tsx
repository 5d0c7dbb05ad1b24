import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useGalleryStore } from '../gallery-store';

export function Toasts() {
  const toasts = useGalleryStore((s) => s.toasts);
  return (
    <div className="gl-toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`gl-toast ${t.tone}`} data-testid="toast">
          {t.tone === 'ok' ? <CheckCircle2 size={15} /> : <CircleAlert size={15} />}
          {t.text}
        </div>
      ))}
    </div>
  );
}
