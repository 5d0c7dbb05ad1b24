export { ConfirmDialog, type ConfirmTone } from './ConfirmDialog';
export { MenuContent, MenuGroup, MenuItem, MenuRoot, MenuSeparator, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from './Menu';
export { isModalOpen, Modal, ModalClose, ModalTitle } from './Modal';
export { PopoverAnchor, PopoverClose, PopoverContent, PopoverRoot, PopoverTrigger } from './Popover';
export { RadioChips, type RadioChip } from './RadioChips';
export { Select, type SelectOption } from './Select';
export { ToastHost } from './Toasts';
export { ToggleGroup, type ToggleChoice } from './ToggleGroup';
export { Tip, TooltipProvider } from './Tooltip';
