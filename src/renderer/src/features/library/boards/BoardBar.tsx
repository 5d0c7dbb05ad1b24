import '../library.css';
import { useQueryClient } from '@tanstack/react-query';
import { FolderKanban, FolderSearch, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../../bridge/bridge-context';
import { useGalleryStore } from '../../gallery/gallery-store';
import { useBoardStore } from './board-store';
import { boardsKey, useBoards } from './use-boards';

export { boardsKey } from './use-boards';

/** The board filter of the gallery: pick a board (or all tasks); create, rename and delete boards. */
export function BoardBar() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const boardId = useBoardStore((s) => s.boardId);
  const setBoard = useBoardStore((s) => s.setBoard);
  const boards = useBoards();
  const current = boards.data?.find((b) => b.id === boardId) ?? null;
  useEffect(() => {
    if (boards.isSuccess && !boards.isFetching && boardId && !current) setBoard(null);
  }, [boards.isSuccess, boards.isFetching, boardId, current, setBoard]);
  const toast = useGalleryStore.getState().toast;
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: boardsKey }),
      qc.invalidateQueries({ queryKey: ['listTasks'] }),
    ]);
  const fail = (e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error');

  const create = async () => {
    const name = window.prompt(t('library.boards.namePrompt'), t('library.boards.defaultName'));
    if (!name?.trim()) return;
    try {
      const b = await bridge.call('createBoard', { name });
      await refresh();
      setBoard(b.id);
    } catch (e) {
      fail(e);
    }
  };
  const rename = async () => {
    if (!current) return;
    const name = window.prompt(t('library.boards.namePrompt'), current.name);
    if (!name?.trim()) return;
    await bridge.call('renameBoard', { id: current.id, name }).then(refresh, fail);
  };
  const remove = async () => {
    if (!current || !window.confirm(t('library.boards.deleteConfirm', { name: current.name }))) return;
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
  return (
    <div className="lb-boards" data-testid="board-bar">
      <FolderKanban size={15} aria-hidden />
      <select
        aria-label={t('library.boards.label')}
        data-testid="board-select"
        value={boardId ?? ''}
        onChange={(e) => setBoard(e.target.value || null)}
      >
        <option value="">{t('library.boards.all')}</option>
        {boards.data?.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} ({b.count})
          </option>
        ))}
      </select>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('library.boards.new')}
        title={t('library.boards.new')}
        data-testid="board-new"
        onClick={() => void create()}
      >
        <Plus size={15} />
      </button>
      {bridge.transport === 'electron' && (
        <button
          type="button"
          className="icon-btn"
          aria-label={t('library.import.label')}
          title={t('library.import.label')}
          data-testid="import-folder"
          onClick={() => void importFolder()}
        >
          <FolderSearch size={15} />
        </button>
      )}
      {current && (
        <>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('library.boards.rename')}
            title={t('library.boards.rename')}
            data-testid="board-rename"
            onClick={() => void rename()}
          >
            <Pencil size={14} />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('library.boards.delete')}
            title={t('library.boards.delete')}
            data-testid="board-delete"
            onClick={() => void remove()}
          >
            <Trash2 size={14} />
          </button>
        </>
      )}
    </div>
  );
}
