export { ClippedText } from './ClippedText';
export { focusFirstIn, focusLost } from './focus-return';
export { gridTarget } from './grid-keys';
export { ConfirmDialog, type ConfirmTone } from './ConfirmDialog';
export { MenuContent, MenuGroup, MenuItem, MenuRoot, MenuSeparator, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from './Menu';
export { isModalOpen, Modal, ModalClose, ModalTitle } from './Modal';
export { PopoverAnchor, PopoverClose, PopoverContent, PopoverRoot, PopoverTrigger } from './Popover';
export { RadioChips, type RadioChip } from './RadioChips';
export { Select, type SelectOption } from './Select';
// ToastHost is imported from './Toasts' directly: the gallery loads it with the first toast (a chunk of its own).
export { ToggleGroup, type ToggleChoice } from './ToggleGroup';
export { LazyTip, Tip, TooltipProvider } from './Tooltip';
export { useRovingGrid } from './use-roving-grid';
