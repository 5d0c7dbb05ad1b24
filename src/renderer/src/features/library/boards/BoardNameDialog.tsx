import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../../../shared/bridge/bridge-error';
import { Modal, ModalTitle } from '../../../ui/primitives';

/**
 * Names a board in the page (never `window.prompt`, which Electron does not implement): a small modal with
 * one field; an empty name, or one another board has (core refuses it, case and spaces aside), is refused
 * at the field.
 */
export function BoardNameDialog({
  title,
  initial,
  confirmLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  confirmLabel: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) {
      setError(t('library.boards.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (e) {
      if (e instanceof BridgeError && e.fields?.name === 'taken') setError(t('library.boards.nameTaken', { name: name.trim() }));
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal onClose={onClose} className="ui-confirm lb-name-dialog" backdropClassName="ui-backdrop ui-backdrop-confirm" testId="board-name-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ModalTitle className="ui-confirm-title">{title}</ModalTitle>
        <label className="lb-name-field">
          <span>{t('library.boards.namePrompt')}</span>
          <input
            className="field-input"
            value={name}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            aria-invalid={error !== null}
            aria-describedby={error ? 'lb-name-error' : undefined}
            data-testid="board-name-input"
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p id="lb-name-error" className="lb-error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-confirm-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="board-name-cancel">
            {t('library.boards.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="board-name-save">
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
