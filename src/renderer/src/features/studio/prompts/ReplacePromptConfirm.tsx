import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/primitives';
import { insertAt } from './insert-at';

/**
 * Asked when a library prompt is picked while the prompt holds text: Replace, Insert at cursor (where the
 * caret or selection was in the prompt), or Cancel, which has focus, so Enter loses nothing. After an answer
 * focus is in the prompt, the caret after what went in.
 */
export function ReplacePromptConfirm({
  picked,
  prompt,
  promptInputId,
  onChange,
  onClose,
}: {
  picked: { name: string; text: string };
  prompt: string;
  promptInputId: string;
  onChange(text: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const caret = useRef<number | null>(null);
  const field = () => document.getElementById(promptInputId) as HTMLTextAreaElement | HTMLInputElement | null;
  return (
    <ConfirmDialog
      title={t('studio.prompts.replaceTitle')}
      body={t('studio.prompts.replaceBody', { name: picked.name })}
      confirmLabel={t('studio.prompts.replace')}
      cancelLabel={t('studio.prompts.cancel')}
      testId="prompt-replace-confirm"
      confirmTestId="prompt-replace"
      cancelTestId="prompt-replace-cancel"
      secondary={{
        label: t('studio.prompts.insertAtCursor'),
        testId: 'prompt-insert-at-cursor',
        onSelect: () => {
          const el = field();
          const start = el?.selectionStart ?? prompt.length;
          const end = el?.selectionEnd ?? start;
          const next = insertAt(prompt, picked.text, start, end);
          caret.current = next.caret;
          onChange(next.value);
        },
      }}
      onConfirm={() => {
        caret.current = picked.text.length;
        onChange(picked.text);
      }}
      onCancel={onClose}
      focusOnClose={() => {
        const el = field();
        if (caret.current === null || !el) return null;
        el.setSelectionRange(caret.current, caret.current);
        return el;
      }}
    />
  );
}
