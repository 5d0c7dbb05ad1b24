/** The live task gallery and library (issue 7). */
export { Gallery } from './Gallery';
export { useRunningCount } from './hooks/use-running-count';
export { connectForms, type FormsApi } from './forms-integration';
export { TaskMedia } from './components/TaskMedia';
export { seedKeptFrames } from './hooks/video-frames';
export { ParamsTable } from './components/ValueView';
export { ZoomImage } from './components/ZoomImage';
export { useGalleryStore } from './gallery-store';
export { useSelectionStore } from './selection/selection-store';
