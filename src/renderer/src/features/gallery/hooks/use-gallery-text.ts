import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';

/** The gallery's `t` and language, from the one `useTranslation` of {@link Gallery} (see {@link useGalleryText}). */
export interface GalleryText {
  t: TFunction;
  language: string;
}

export const GalleryTextContext = createContext<GalleryText | null>(null);

/**
 * `t` for the gallery's many small parts (tiles, rows, their menus and live status): read from a context the
 * gallery fills once, instead of a `useTranslation` in each, which builds its own snapshot and i18n wrapper at
 * every mount, about a third of a tile's mount (issue 31). A language change reaches them through the context.
 */
export function useGalleryText(): GalleryText {
  const text = useContext(GalleryTextContext);
  if (!text) throw new Error('useGalleryText is for components inside the gallery');
  return text;
}
