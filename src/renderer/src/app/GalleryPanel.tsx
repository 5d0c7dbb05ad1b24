import { Gallery } from '../features/gallery';

/** The live task gallery (the gallery feature fills this slot). */
export function GalleryPanel() {
  return <Gallery />;
}
