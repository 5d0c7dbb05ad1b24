import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '../../../../shared/operations/issues';
import { issueText } from './form-text';

/** Extra request fields as a JSON object, merged over the catalog's by core; checked as typed. */
export function ExtraEditor({ text, onChange, issue, ignored }: { text: string; onChange(text: string): void; issue: FieldIssue | null; ignored: string[] }) {
  const { t } = useTranslation();
  return (
    <div className={`fm-field fm-extra${issue ? ' fm-has-issue' : ''}`} data-testid="field-extra">
      <div className="fm-label-row">
        <label className="fm-label" htmlFor="fm-extra">
          {t('forms.extra.label')}
        </label>
      </div>
      <p className="fm-help" id="fm-extra-help">
        {t('forms.extra.help')}
      </p>
      <textarea
        id="fm-extra"
        className="field-input fm-textarea fm-code"
        rows={4}
        spellCheck={false}
        value={text}
        placeholder={'{\n  "seed": 42\n}'}
        aria-describedby="fm-extra-help"
        aria-invalid={!!issue}
        data-testid="extra-input"
        onChange={(e) => onChange(e.target.value)}
      />
      {issue && (
        <p className="fm-issue" role="alert" data-testid="issue-extra">
          {issueText(t, issue)}
        </p>
      )}
      {ignored.length > 0 && <p className="fm-note fm-note-warn">{t('forms.extra.neverSent', { names: ignored.join(', ') })}</p>}
    </div>
  );
}
