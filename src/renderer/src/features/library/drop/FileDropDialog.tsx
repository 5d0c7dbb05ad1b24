import '../library.css';
import { FileSearch, RotateCcw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../../../shared/bridge/bridge-error';
import type { InspectedFile } from '../../../../../shared/domain/library';
import { useBridge } from '../../../bridge/bridge-context';
import { stageFile } from '../../../bridge/media';
import { isModalOpen, Modal, ModalTitle } from '../../../ui/primitives';
import { loadDraftFromValues, refusedFileText } from '../../forms';
import { useGalleryStore } from '../../gallery';
import { ParamsTable } from '../../gallery';

const SLICE = 2 * 1024 * 1024;

/**
 * Only the first and last megabytes of a big file are read: PNG text and JPEG XMP sit at the start, the
 * MP4/MOV XMP box and WebP XMP chunk at the end.
 */
export function headAndTail(file: File): File {
  if (file.size <= 2 * SLICE) return file;
  return new File([file.slice(0, SLICE), file.slice(file.size - SLICE)], file.name, { type: file.type });
}

type State =
  | { phase: 'reading'; name: string }
  | { phase: 'done'; name: string; found: InspectedFile }
  /** Translated when shown (so it follows a change of language): damaged settings, a refused file, else core's text. */
  | { phase: 'error'; name: string; damaged: boolean; error: unknown };

/**
 * Drop any image or video made by Atelier onto the app (anywhere outside a form's drop zones): shows the
 * settings embedded in it, with "Reuse settings" and "Find the task".
 */
export function FileDropDialog() {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files') && !e.defaultPrevented) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      // No modal on a modal: a file dropped while one is open is left alone.
      if (e.defaultPrevented || !file || !/^(image|video)\//.test(file.type || 'image/') || isModalOpen()) return;
      e.preventDefault();
      setState({ phase: 'reading', name: file.name });
      void (async () => {
        try {
          const ref = await stageFile(bridge, headAndTail(file));
          const found = await bridge.call('inspectInput', { id: ref.id });
          setState({ phase: 'done', name: file.name, found });
        } catch (err) {
          // Damaged settings (nested too deep, too large, broken text) get our own translated sentence.
          const damaged = err instanceof BridgeError && err.fields?.file === 'damagedSettings';
          setState({
            phase: 'error',
            name: file.name,
            damaged,
            error: err,
          });
        }
      })();
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [bridge]);
  if (!state) return null;
  const close = () => setState(null);
  const p = state.phase === 'done' ? state.found.provenance : null;
  const task = state.phase === 'done' ? state.found.task : null;
  return (
    <Modal
      onClose={close}
      backdropClassName="lb-drop-backdrop"
      className="lb-drop-dialog"
      testId="file-drop-dialog"
    >
      <header>
        <FileSearch size={18} />
        <ModalTitle asChild>
          <h3>{p ? t('library.drop.title') : state.name}</h3>
        </ModalTitle>
        <button type="button" className="icon-btn" aria-label={t('library.drop.close')} onClick={close}>
          <X size={18} />
        </button>
      </header>
      {state.phase === 'reading' && <p className="muted">{t('library.drop.reading')}</p>}
      {state.phase === 'error' && <p className="lb-error">{state.damaged ? t('library.drop.damaged') : refusedFileText(t, state.name, state.error)}</p>}
      {state.phase === 'done' && !p && <p data-testid="file-drop-none">{t('library.drop.none')}</p>}
      {p && (
        <>
          <p className="lb-drop-file muted">{state.name}</p>
          <dl className="gl-params lb-drop-facts">
            <div>
              <dt>{t('library.drop.prompt')}</dt>
              <dd data-testid="file-drop-prompt">{p.prompt || '—'}</dd>
            </div>
            <div>
              <dt>{t('library.drop.operation')}</dt>
              <dd>{t(`op.${p.operationId}.label`, { defaultValue: p.operationId })}</dd>
            </div>
            <div>
              <dt>{t('library.drop.model')}</dt>
              <dd>{p.model}</dd>
            </div>
            {p.createdAt !== null && (
              <div>
                <dt>{t('library.drop.created')}</dt>
                <dd>{new Date(p.createdAt).toLocaleString(i18n.language)}</dd>
              </div>
            )}
            {p.points !== null && (
              <div>
                <dt>{t('library.drop.points')}</dt>
                <dd>{p.points}</dd>
              </div>
            )}
            <div>
              <dt>{t('library.drop.task')}</dt>
              <dd className="mono" data-testid="file-drop-task">
                {p.taskId}
              </dd>
            </div>
          </dl>
          <h4>{t('library.drop.parameters')}</h4>
          <ParamsTable operationId={p.operationId} values={p.values} />
          {!task && <p className="muted small">{t('library.drop.notHere')}</p>}
          <footer>
            <button
              type="button"
              className="btn primary"
              data-testid="file-drop-reuse"
              onClick={() => {
                loadDraftFromValues(p.operationId, p.values, p.extra);
                close();
              }}
            >
              <RotateCcw size={15} /> {t('library.drop.reuse')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!task}
              data-testid="file-drop-find"
              onClick={() => {
                if (task)
                  useGalleryStore.getState().set({ lightbox: { taskId: task.id, index: p.resultIndex } });
                close();
              }}
            >
              <FileSearch size={15} /> {t('library.drop.find')}
            </button>
          </footer>
        </>
      )}
    </Modal>
  );
}
