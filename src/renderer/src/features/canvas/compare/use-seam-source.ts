import { useEffect, useState } from 'react';

/**
 * For an expansion: the source drawn centred ("contain") on a canvas of the result's size, the rest
 * transparent, as an object URL. The expand endpoint takes no placement and the spec does not say where
 * the source lands; centred is the assumption, and then the wipe lines the source up with the result
 * where it continues it, so the seam can be checked. Null while
 * loading, on failure (the plain source is shown then) or when `sourceUrl` is null.
 */
export function useSeamSource(sourceUrl: string | null, resultUrl: string): string | null {
  const [out, setOut] = useState<{ key: string; url: string } | null>(null);
  const key = `${sourceUrl ?? ''}|${resultUrl}`;
  useEffect(() => {
    if (!sourceUrl) return;
    let live = true;
    let made: string | null = null;
    const load = async (u: string) => createImageBitmap(await (await fetch(u)).blob());
    void Promise.all([load(sourceUrl), load(resultUrl)])
      .then(async ([src, res]) => {
        const canvas = new OffscreenCanvas(res.width, res.height);
        const ctx = canvas.getContext('2d');
        if (!ctx) return;
        const k = Math.min(res.width / src.width, res.height / src.height);
        const w = src.width * k;
        const h = src.height * k;
        ctx.drawImage(src, (res.width - w) / 2, (res.height - h) / 2, w, h);
        src.close();
        res.close();
        const blob = await canvas.convertToBlob({ type: 'image/png' });
        if (!live) return;
        made = URL.createObjectURL(blob);
        setOut({ key: `${sourceUrl}|${resultUrl}`, url: made });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [sourceUrl, resultUrl]);
  return out && out.key === key ? out.url : null;
}
