import { useQueryClient } from '@tanstack/react-query';
import { Download, FolderInput, PackageOpen, Star, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { useGalleryStore } from '../../gallery/gallery-store';
import { useSelectionStore } from '../../gallery/selection/selection-store';
import { boardsKey, useBoards } from './use-boards';

/** Acts on the gallery's multi-selection: favourite, move to a board, delete, export as ZIP. */
export function SelectionBar({ items }: { items: TaskSummary[] }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const ids = useSelectionStore((s) => s.ids);
  const clear = useSelectionStore((s) => s.clear);
  const boards = useBoards();
  const [exported, setExported] = useState<{ url: string | null; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (ids.size === 0) return null;
  const chosen = [...ids];
  const toast = useGalleryStore.getState().toast;
  const run = async (work: () => Promise<string | void>) => {
    setBusy(true);
    try {
      const done = await work();
      if (done) toast(done);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['listTasks'] }),
        qc.invalidateQueries({ queryKey: boardsKey }),
      ]);
    } catch (e) {
      toast(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const favourite = () =>
    run(async () => {
      for (const id of chosen) await bridge.call('setFavourite', { id, favourite: true });
      return t('library.toast.favourited', { count: chosen.length });
    });
  const move = (boardId: string) =>
    run(async () => {
      await bridge.call('moveToBoard', { ids: chosen, boardId: boardId === '-' ? null : boardId });
      const name = boards.data?.find((b) => b.id === boardId)?.name;
      return name
        ? t('library.toast.moved', { count: chosen.length, board: name })
        : t('library.toast.removedFromBoard', { count: chosen.length });
    });
  const remove = () => {
    if (!window.confirm(t('library.selection.deleteConfirm', { count: chosen.length }))) return;
    void run(async () => {
      for (const id of chosen) await bridge.call('deleteTask', { id, deleteFiles: false });
      clear();
      return t('library.toast.deleted', { count: chosen.length });
    });
  };
  const exportZip = () =>
    run(async () => {
      // Keep the gallery's order in the ZIP and its manifest.
      const ordered = [
        ...items.map((x) => x.id).filter((id) => ids.has(id)),
        ...chosen.filter((id) => !items.some((x) => x.id === id)),
      ];
      const out = await bridge.call('exportTasks', { ids: ordered });
      setExported({ url: out.url, name: out.name });
      return t('library.toast.exported', { files: out.files, path: out.path });
    });
  return (
    <div
      className="lb-selection"
      role="toolbar"
      aria-label={t('library.selection.count', { count: ids.size })}
      data-testid="selection-bar"
      aria-busy={busy}
    >
      <span className="lb-selection-count" data-testid="selection-count">
        {t('library.selection.count', { count: ids.size })}
      </span>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => void favourite()}
        data-testid="selection-favourite"
      >
        <Star size={14} /> {t('library.selection.favourite')}
      </button>
      <label className="lb-move">
        <FolderInput size={14} aria-hidden />
        <select
          aria-label={t('library.selection.moveTo')}
          data-testid="selection-move"
          value=""
          disabled={busy}
          onChange={(e) => e.target.value && void move(e.target.value)}
        >
          <option value="">{t('library.selection.moveTo')}</option>
          {boards.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
          <option value="-">{t('library.boards.none')}</option>
        </select>
      </label>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => void exportZip()}
        data-testid="selection-export"
      >
        <PackageOpen size={14} /> {t('library.selection.export')}
      </button>
      {exported?.url && (
        <a
          className="btn"
          href={mediaUrl('library', exported.url, { download: true })}
          download={exported.name}
          data-testid="export-download"
        >
          <Download size={14} /> {t('library.selection.download')}
        </a>
      )}
      <button
        type="button"
        className="btn danger"
        disabled={busy}
        onClick={remove}
        data-testid="selection-delete"
      >
        <Trash2 size={14} /> {t('library.selection.delete')}
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('library.selection.clear')}
        title={t('library.selection.clear')}
        onClick={() => {
          clear();
          setExported(null);
        }}
        data-testid="selection-clear"
      >
        <X size={15} />
      </button>
    </div>
  );
}
