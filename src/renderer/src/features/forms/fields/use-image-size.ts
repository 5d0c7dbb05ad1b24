import { useEffect, useState } from 'react';

/** The natural pixel size of an image URL, once loaded (null while loading or on failure). */
export function useImageSize(src: string | null): { src: string; width: number; height: number } | null {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    let live = true;
    img.onload = () => live && setSize({ src, width: img.naturalWidth, height: img.naturalHeight });
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  return size && size.src === src ? size : null;
}
