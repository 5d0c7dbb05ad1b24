import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookMarked, Save, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationId } from '../../../../../shared/operations/ids';
import { useBridge } from '../../../bridge/bridge-context';
import { ReplacePromptConfirm } from './ReplacePromptConfirm';
import { PopoverContent, PopoverRoot, PopoverTrigger, Tip } from '../../../ui/primitives';
import { queryKeys } from '../../../state/query-keys';

/**
 * Save the current prompt (with its `<<<id>>>` tokens) to the library, or search the library and pick one:
 * it fills an empty prompt, and asks (Replace / Insert at cursor / Cancel) before touching written text.
 */
export function PromptLibrary({
  op,
  prompt,
  promptInputId,
  onChange,
}: {
  op: OperationId;
  prompt: string;
  promptInputId: string;
  onChange(text: string): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'library' | 'save' | null>(null);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  // Said at the name field when Save is pressed without a name (it used to do nothing, silently).
  const [nameError, setNameError] = useState<string | null>(null);
  // After filling an empty prompt, focus goes to it (type on), not back to the library's button.
  const filled = useRef(false);
  const [picked, setPicked] = useState<{ name: string; text: string } | null>(null);
  const pick = (p: { name: string; text: string }) => {
    setOpen(null);
    if (prompt.trim()) return setPicked(p);
    onChange(p.text);
    filled.current = true;
  };
  const focusAfterClose = (e: Event) => {
    if (!filled.current) return;
    filled.current = false;
    e.preventDefault();
    document.getElementById(promptInputId)?.focus();
  };
  const list = useQuery({
    queryKey: queryKeys.prompts.search(search),
    queryFn: () => bridge.call('listPrompts', { search }),
    enabled: open === 'library',
  });
  const save = async () => {
    if (!prompt.trim()) return;
    if (!name.trim()) {
      setNameError(t('studio.prompts.nameRequired'));
      return;
    }
    await bridge.call('savePrompt', { name: name.trim(), text: prompt, operationId: op });
    setName('');
    setOpen(null);
    void qc.invalidateQueries({ queryKey: queryKeys.prompts.all });
  };
  return (
    <div className="st-prompt-tools">
      <span className="st-hint">{t('studio.prompts.recallHint')}</span>
      <PopoverRoot open={open === 'library'} onOpenChange={(o) => setOpen(o ? 'library' : null)}>
        <PopoverTrigger asChild>
          <button type="button" className="btn btn-sm btn-ghost" data-testid="prompt-library">
            <BookMarked size={14} /> {t('studio.prompts.library')}
          </button>
        </PopoverTrigger>
        {open === 'library' && (
          <PopoverContent
            className="st-prompt-pop st-library"
            label={t('studio.prompts.library')}
            align="end"
            data-testid="prompt-library-popover"
            onCloseAutoFocus={focusAfterClose}
          >
            <input
              className="field-input"
              autoFocus
              type="search"
              placeholder={t('studio.prompts.search')}
              aria-label={t('studio.prompts.search')}
              data-testid="prompt-search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <ul className="st-library-list">
              {(list.data ?? []).map((p) => (
                <li key={p.id} data-testid="saved-prompt">
                  <Tip label={p.text}>
                    <button
                      type="button"
                      className="st-library-item"
                      onClick={() => pick(p)}
                    >
                      <strong>{p.name}</strong>
                      <span>{p.text}</span>
                    </button>
                  </Tip>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    aria-label={`${t('studio.prompts.delete')}: ${p.name}`}
                    onClick={() =>
                      void bridge
                        .call('deletePrompt', { id: p.id })
                        .then(() => qc.invalidateQueries({ queryKey: queryKeys.prompts.all }))
                    }
                  >
                    <Trash2 size={13} />
                  </button>
                </li>
              ))}
              {list.isSuccess && list.data.length === 0 && (
                <li className="st-hint">{t('studio.prompts.empty')}</li>
              )}
            </ul>
          </PopoverContent>
        )}
      </PopoverRoot>
      <PopoverRoot
        open={open === 'save'}
        onOpenChange={(o) => {
          setOpen(o ? 'save' : null);
          setNameError(null);
        }}
      >
        <PopoverTrigger asChild>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            data-testid="prompt-save"
            disabled={!prompt.trim()}
          >
            <Save size={14} /> {t('studio.prompts.save')}
          </button>
        </PopoverTrigger>
        {open === 'save' && (
          <PopoverContent className="st-prompt-pop" label={t('studio.prompts.save')} align="end">
            <input
              className="field-input"
              autoFocus
              placeholder={t('studio.prompts.name')}
              aria-label={t('studio.prompts.name')}
              data-testid="prompt-save-name"
              value={name}
              aria-invalid={nameError !== null}
              aria-describedby={nameError ? 'st-prompt-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  e.stopPropagation();
                  void save();
                }
              }}
            />
            <button
              type="button"
              className="btn btn-sm btn-primary"
              data-testid="prompt-save-confirm"
              onClick={() => void save()}
            >
              {t('studio.prompts.save')}
            </button>
            {nameError && (
              <p id="st-prompt-name-error" className="st-prompt-error" role="alert" data-testid="prompt-save-name-error">
                {nameError}
              </p>
            )}
          </PopoverContent>
        )}
      </PopoverRoot>
      {picked && (
        <ReplacePromptConfirm picked={picked} prompt={prompt} promptInputId={promptInputId} onChange={onChange} onClose={() => setPicked(null)} />
      )}
    </div>
  );
}
