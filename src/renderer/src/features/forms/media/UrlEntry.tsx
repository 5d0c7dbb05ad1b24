import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from './media-info';
import { Tip } from '../../../ui/primitives';

/** An inline link box: Enter adds the link, Escape cancels. */
export function UrlEntry({ onAdd, onCancel }: { onAdd(url: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [bad, setBad] = useState(false);
  const submit = () => {
    if (!isHttpUrl(text)) return setBad(true);
    onAdd(text.trim());
  };
  return (
    <div className="fm-url-entry">
      <input
        className="field-input"
        autoFocus
        type="url"
        value={text}
        placeholder="https://…"
        aria-label={t('forms.media.linkLabel')}
        aria-invalid={bad}
        data-testid="media-url-input"
        onChange={(e) => {
          setText(e.target.value);
          setBad(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !(e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') onCancel();
        }}
      />
      <Tip label={t('forms.media.addLink')}>
        <button type="button" className="icon-btn" aria-label={t('forms.media.addLink')} onClick={submit}>
          <Check size={16} />
        </button>
      </Tip>
      <Tip label={t('forms.common.cancel')}>
        <button type="button" className="icon-btn" aria-label={t('forms.common.cancel')} onClick={onCancel}>
          <X size={16} />
        </button>
      </Tip>
      {bad && <span className="fm-issue">{t('forms.issues.badUrl')}</span>}
    </div>
  );
}
