export { MaskPainter, type MaskChange, type MaskPainterHandle, type MaskPainterProps } from './MaskPainter';
export { defaultMaskPainterLabels, type MaskPainterLabels } from './labels';
export { decodeMaskImage, maskToPngBlob } from './browser-io';
export type { MaskFormat } from './mask-export';
