import '../library.css';
import { useQueryClient } from '@tanstack/react-query';
import { FolderKanban, FolderSearch, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { ConfirmDialog, Select, Tip } from '../../../ui/primitives';
import { useGalleryStore } from '../../gallery';
import { BoardNameDialog } from './BoardNameDialog';
import { freeBoardName } from '../../../../../shared/domain/board-name';
import { useBoardStore } from './board-store';
import { useBoards } from './use-boards';
import { queryKeys } from '../../../state/query-keys';


/** The board filter of the gallery: pick a board (or all tasks); create, rename and delete boards. */
export function BoardBar() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const boardId = useBoardStore((s) => s.boardId);
  const setBoard = useBoardStore((s) => s.setBoard);
  const [ask, setAsk] = useState<'create' | 'rename' | 'delete' | null>(null);
  const boards = useBoards();
  const current = boards.data?.find((b) => b.id === boardId) ?? null;
  useEffect(() => {
    if (boards.isSuccess && !boards.isFetching && boardId && !current) setBoard(null);
  }, [boards.isSuccess, boards.isFetching, boardId, current, setBoard]);
  const toast = useGalleryStore.getState().toast;
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.boards.all }),
      qc.invalidateQueries({ queryKey: queryKeys.tasks.all }),
    ]);
  const fail = (e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error');

  const create = async (name: string) => {
    const b = await bridge.call('createBoard', { name });
    await refresh();
    setBoard(b.id);
  };
  const rename = async (name: string) => {
    if (!current) return;
    await bridge.call('renameBoard', { id: current.id, name });
    await refresh();
  };
  const remove = async () => {
    if (!current) return;
    await bridge.call('deleteBoard', { id: current.id }).then(async () => {
      setBoard(null);
      await refresh();
    }, fail);
  };
  const importFolder = async () => {
    try {
      // Desktop only: the OS folder picker chooses (web mode never reads folders the page names).
      const out = await bridge.call('importFolder', { path: null });
      const done = t('library.import.done', { imported: out.imported, found: out.found, scanned: out.scanned });
      // Core says what the user must know: the file cap was reached, files were skipped (and why).
      if (out.path) toast(out.note ? `${done} ${out.note}` : done, out.note ? 'error' : 'ok');
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  const options = [
    { value: '', label: t('library.boards.all') },
    ...(boards.data ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.count})`, text: b.name })),
  ];
  return (
    <div className="lb-boards" data-testid="board-bar">
      <FolderKanban size={15} aria-hidden />
      <Select
        label={t('library.boards.label')}
        testId="board-select"
        className="lb-board-select"
        value={boardId ?? ''}
        options={options}
        onChange={(v) => setBoard(v || null)}
      />
      <Tip label={t('library.boards.new')}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('library.boards.new')}
          data-testid="board-new"
          onClick={() => setAsk('create')}
        >
          <Plus size={15} />
        </button>
      </Tip>
      <Tip
        label={bridge.transport === 'electron' ? t('library.import.label') : t('library.import.desktopOnly')}
      >
        <button
          type="button"
          className="icon-btn"
          aria-label={t('library.import.label')}
          aria-disabled={bridge.transport !== 'electron'}
          data-testid="import-folder"
          onClick={() => bridge.transport === 'electron' && void importFolder()}
        >
          <FolderSearch size={15} />
        </button>
      </Tip>
      {current && (
        <>
          <Tip label={t('library.boards.rename')}>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('library.boards.rename')}
              data-testid="board-rename"
              onClick={() => setAsk('rename')}
            >
              <Pencil size={14} />
            </button>
          </Tip>
          <Tip label={t('library.boards.delete')}>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('library.boards.delete')}
              data-testid="board-delete"
              onClick={() => setAsk('delete')}
            >
              <Trash2 size={14} />
            </button>
          </Tip>
        </>
      )}
      {ask === 'create' && (
        <BoardNameDialog
          title={t('library.boards.new')}
          initial={freeBoardName(t('library.boards.defaultName'), (boards.data ?? []).map((b) => b.name))}
          confirmLabel={t('library.boards.create')}
          onSubmit={create}
          onClose={() => setAsk(null)}
        />
      )}
      {ask === 'rename' && current && (
        <BoardNameDialog
          title={t('library.boards.rename')}
          initial={current.name}
          confirmLabel={t('library.boards.save')}
          onSubmit={rename}
          onClose={() => setAsk(null)}
        />
      )}
      {ask === 'delete' && current && (
        <ConfirmDialog
          tone="danger"
          icon={<Trash2 size={20} />}
          title={t('library.boards.deleteTitle')}
          body={t('library.boards.deleteConfirm', { name: current.name })}
          cancelLabel={t('library.boards.cancel')}
          confirmLabel={t('library.boards.deleteYes')}
          testId="board-delete-confirm"
          cancelTestId="board-delete-cancel"
          confirmTestId="board-delete-yes"
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            void remove();
          }}
        />
      )}
    </div>
  );
}
