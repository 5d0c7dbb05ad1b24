// For other features (they import this folder only through this file).
export { BatchGroups } from './batches/BatchGroups';
export { LazyCompareView } from './compare/LazyCompareView';
export { RejectedBar } from './compare/RejectedBar';
export { useStudioStore } from './studio-store';
export { useStudioForm } from './use-studio-form';
export { dropBatchMember, patchBatchMember } from './batches/batch-cache';
