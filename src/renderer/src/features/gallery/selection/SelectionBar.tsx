import { useQueryClient } from '@tanstack/react-query';
import { Columns2, Download, FolderInput, PackageOpen, Star, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { ConfirmDialog, focusLost, Select, Tip } from '../../../ui/primitives';

/** The gallery's one Tab stop: its active tile or row, else its empty state. */
const galleryStop = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('.gl-root :is([role="gridcell"], [role="row"])[tabindex="0"]') ?? document.querySelector<HTMLElement>('.gl-root .gl-empty');
import { useBoards } from '../../library';
import { useStudioStore } from '../../studio';
import { useGalleryStore } from '../gallery-store';
import { useSelectionStore } from './selection-store';
import { queryKeys } from '../../../state/query-keys';

/**
 * The one bar for the gallery's multi-selection (Ctrl/Cmd- or Shift-click, lasso): compare 2–4, favourite,
 * move to a board, export as ZIP, delete (asks, Cancel focused), clear (also Escape in the gallery).
 */
export function SelectionBar({ items }: { items: TaskSummary[] }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const qc = useQueryClient();
  const ids = useSelectionStore((s) => s.ids);
  const clear = useSelectionStore((s) => s.clear);
  const boards = useBoards();
  const [exported, setExported] = useState<{ url: string | null; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  if (ids.size === 0) return null;
  const chosen = [...ids];
  const canCompare = ids.size >= 2 && ids.size <= 4;
  const toast = useGalleryStore.getState().toast;
  // While one runs, the others say they are off (aria-disabled) but stay focusable: a disabled button or
  // Select loses the focus it has (the one just used, or "Move to…" given it back by its list) to <body>.
  const run = async (work: () => Promise<string | void>) => {
    if (busy) return;
    setBusy(true);
    try {
      const done = await work();
      if (done) toast(done);
      await Promise.all([qc.invalidateQueries({ queryKey: queryKeys.tasks.all }), qc.invalidateQueries({ queryKey: queryKeys.boards.all })]);
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
      return name ? t('library.toast.moved', { count: chosen.length, board: name }) : t('library.toast.removedFromBoard', { count: chosen.length });
    });
  const remove = async () => {
    await run(async () => {
      for (const id of chosen) await bridge.call('deleteTask', { id, deleteFiles: false });
      clear();
      return t('library.toast.deleted', { count: chosen.length });
    });
    // The bar went with the selection, and its Delete with it: focus goes to the gallery's Tab stop once the
    // grid has drawn what is left.
    requestAnimationFrame(() => {
      if (focusLost()) galleryStop()?.focus({ preventScroll: true });
    });
  };
  const exportZip = () =>
    run(async () => {
      // Keep the gallery's order in the ZIP and its manifest.
      const ordered = [...items.map((x) => x.id).filter((id) => ids.has(id)), ...chosen.filter((id) => !items.some((x) => x.id === id))];
      const out = await bridge.call('exportTasks', { ids: ordered });
      setExported({ url: out.url, name: out.name });
      return t('library.toast.exported', { count: out.files, path: out.path });
    });
  const moveOptions = [...(boards.data ?? []).map((b) => ({ value: b.id, label: b.name })), { value: '-', label: t('library.boards.none') }];
  return (
    <div className="lb-selection" role="toolbar" aria-label={t('library.selection.count', { count: ids.size })} data-testid="selection-bar" aria-busy={busy}>
      <span className="lb-selection-count" data-testid="selection-count">
        {t('library.selection.count', { count: ids.size })}
      </span>
      <Tip label={canCompare ? undefined : t('studio.selection.limit')}>
        <button type="button" className="btn btn-primary" aria-disabled={!canCompare} data-testid="compare-selected" onClick={() => canCompare && useStudioStore.getState().openCompare(chosen)}>
          <Columns2 size={14} /> {t('studio.selection.compare')}
        </button>
      </Tip>
      <button type="button" className="btn" aria-disabled={busy} onClick={() => void favourite()} data-testid="selection-favourite">
        <Star size={14} /> {t('library.selection.favourite')}
      </button>
      <span className="lb-move">
        <FolderInput size={14} aria-hidden />
        <Select label={t('library.selection.moveTo')} placeholder={t('library.selection.moveTo')} testId="selection-move" value="" options={moveOptions} onChange={(v) => v && void move(v)} />
      </span>
      <button type="button" className="btn" aria-disabled={busy} onClick={() => void exportZip()} data-testid="selection-export">
        <PackageOpen size={14} /> {t('library.selection.export')}
      </button>
      {exported?.url && (
        <a className="btn" href={mediaUrl('library', exported.url, { download: true })} download={exported.name} data-testid="export-download">
          <Download size={14} /> {t('library.selection.download')}
        </a>
      )}
      <button type="button" className="btn danger" aria-disabled={busy} onClick={() => !busy && setAskDelete(true)} data-testid="selection-delete">
        <Trash2 size={14} /> {t('library.selection.delete')}
      </button>
      <Tip label={`${t('library.selection.clear')} (Esc)`}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('library.selection.clear')}
          onClick={() => {
            clear();
            setExported(null);
          }}
          data-testid="selection-clear"
        >
          <X size={15} />
        </button>
      </Tip>
      {askDelete && (
        <ConfirmDialog
          tone="danger"
          icon={<Trash2 size={20} />}
          title={t('library.selection.deleteTitle')}
          body={t('library.selection.deleteConfirm', { count: chosen.length })}
          cancelLabel={t('library.selection.cancel')}
          confirmLabel={t('library.selection.deleteYes')}
          testId="selection-delete-confirm"
          cancelTestId="selection-delete-cancel"
          confirmTestId="selection-delete-yes"
          onCancel={() => setAskDelete(false)}
          onConfirm={() => {
            setAskDelete(false);
            void remove();
          }}
        />
      )}
    </div>
  );
}
