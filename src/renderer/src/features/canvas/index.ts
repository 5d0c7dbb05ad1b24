// For other features (they import this folder only through this file).
export { ResultImage } from './compare/ResultImage';
export { CropOffer } from './crop/CropOffer';
export { MaskEditorLauncher } from './editor/MaskEditorLauncher';
export { ExpandRatioField } from './expand/ExpandRatioField';
export { useEditorLaunch } from './launch/edit-with-mask';
