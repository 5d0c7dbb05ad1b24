// For other features (they import this folder only through this file).
export { BoardBar } from './boards/BoardBar';
export { useBoards } from './boards/use-boards';
export { currentBoardId, useBoardStore } from './boards/board-store';
export { selectOnClick, setGalleryOrder, useSelected } from './boards/select-click';
export { useLasso } from './boards/use-lasso';
export { FrameActions } from './chain/FrameActions';
export { UseAsInput } from './chain/UseAsInput';
export { isResultDrag, setResultDrag } from './chain/result-drag';
export { readResultDrag } from './chain/result-drop';
export { fillSlot, resultMedia, slotsFor } from './chain/slots';
export type { Slot } from './chain/slots';
export { LineagePanel } from './lineage/LineagePanel';
export { DEFAULT_PROVENANCE, ProvenanceFields } from './settings/ProvenanceFields';
