import { extname } from 'node:path';
import { nativeImage, type BrowserWindow, type NativeImage } from 'electron';

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.bmp']);

/** A 32×32 neutral tile, for files that have no preview (videos); macOS refuses an empty drag icon. */
function fallbackIcon(): NativeImage {
  const size = 32;
  const bitmap = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) bitmap.set([0x88, 0x6c, 0x5b, 0xff], i * 4); // BGRA
  return nativeImage.createFromBitmap(bitmap, { width: size, height: size });
}

function dragIcon(file: string): NativeImage {
  if (IMAGE_EXTENSIONS.has(extname(file).toLowerCase())) {
    const image = nativeImage.createFromPath(file);
    if (!image.isEmpty()) return image.resize({ width: 64 });
  }
  return fallbackIcon();
}

/**
 * Starts an OS drag of a library file out of our window. The renderer calls `startDragResult` from its
 * `dragstart` handler; core resolves the task's file (only files inside the library can be named) and
 * calls this through the shell port. Only our window is ever the sender (ipc.ts checks it first).
 */
export function startDragOut(win: BrowserWindow | null, file: string): void {
  if (!win || win.isDestroyed()) return;
  win.webContents.startDrag({ file, icon: dragIcon(file) });
}
