import { AlertCircle, Loader2, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './footer.css';
import { Tip } from '../../ui/primitives';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The sticky footer: the model chip, what still blocks (if anything), and Generate. */
export function FormFooter({ model, estimate, blocking, attempted, pending, onSubmit, onJump }: {
  model: ReactNode;
  /** Under Generate's label: the expected points and time. */
  estimate?: ReactNode;
  blocking: { name: string; label: string }[];
  attempted: boolean;
  pending: boolean;
  onSubmit(): void;
  onJump(name: string): void;
}) {
  const { t } = useTranslation();
  const blocked = blocking.length > 0;
  return (
    <footer className="fm-footer" data-testid="form-footer">
      {model}
      <div id="fm-summary" className={`fm-summary${blocked ? ' fm-summary-blocked' : ''}${blocked && attempted ? ' fm-summary-bad' : ''}`} data-testid="form-summary" aria-live="polite">
        {blocked ? (
          <>
            <AlertCircle size={14} />
            <span>{t('forms.submit.needs', { count: blocking.length })}</span>
            {blocking[0] && (
              <Tip label={blocking.map((b) => b.label).join(', ')}>
                <button type="button" className="fm-summary-link" onClick={() => onJump(blocking[0]?.name ?? '')}>
                  {blocking[0].label}
                </button>
              </Tip>
            )}
            {blocking.length > 1 && (
              <Tip label={blocking.slice(1).map((b) => b.label).join(', ')}>
                <span className="fm-summary-more">
                  +{blocking.length - 1}
                </span>
              </Tip>
            )}
          </>
        ) : (
          <span className="fm-kbd-hint">
            <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd>+<kbd>Enter</kbd>
          </span>
        )}
      </div>
      <button
        type="submit"
        className={`btn btn-primary fm-generate${blocked ? ' fm-generate-blocked' : ''}`}
        // Not disabled: pressing it while blocked shows every issue and jumps to the first one.
        data-blocked={blocked}
        aria-describedby="fm-summary"
        data-testid="generate"
        onClick={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {pending ? <Loader2 size={16} className="fm-spin" /> : <Sparkles size={16} />}
        <span className="fm-generate-text">
          <span>{t('forms.submit.generate')}</span>
          {estimate}
        </span>
      </button>
    </footer>
  );
}
