import { ArrowRightToLine, ClipboardCopy, Download, FolderOpen, Hash, Maximize2, RefreshCw, Repeat, RotateCcw, Square, Trash2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ActionId } from '../model/actions';

export const ACTION_ICONS: Record<ActionId, ReactNode> = {
  open: <Maximize2 size={15} />,
  saveAs: <Download size={15} />,
  reveal: <FolderOpen size={15} />,
  useAsInput: <ArrowRightToLine size={15} />,
  reuse: <RotateCcw size={15} />,
  rerun: <Repeat size={15} />,
  copyPrompt: <ClipboardCopy size={15} />,
  copyId: <Hash size={15} />,
  copyError: <TriangleAlert size={15} />,
  retryDownload: <RefreshCw size={15} />,
  checkAgain: <RefreshCw size={15} />,
  stopTracking: <Square size={15} />,
  delete: <Trash2 size={15} />,
};

