import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { describeError, dispatch, eventChannel, internalReply, METHOD_NAMES, methodChannel } from '../shared/bridge';
import type { Core } from '../core';
import type { Logger } from '../core/ports';
import { isTrustedSenderFacts } from './security-policy';

/** Our window, its top frame, our origin: anything else gets `forbidden` (Electron checklist item 17). */
export function isTrustedSender(event: IpcMainInvokeEvent, win: BrowserWindow, origin: string): boolean {
  const frame = event.senderFrame;
  return isTrustedSenderFacts({
    isOurWebContents: event.sender === win.webContents,
    isMainFrame: !!frame && frame === win.webContents.mainFrame,
    url: frame?.url ?? '',
    origin,
  });
}

/** Registers one ipcMain handler per contract method, all through the shared `dispatch` boundary. */
export function registerIpc(
  core: Core,
  win: () => BrowserWindow | null,
  origin: string,
  log: Logger,
): () => void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(methodChannel(method), async (event, input: unknown) => {
      const w = win();
      if (!w || !isTrustedSender(event, w, origin)) {
        log.warn('refused IPC from an untrusted sender', { method });
        return { ok: false, error: { code: 'forbidden', message: 'Untrusted sender.' } };
      }
      // dispatch answers every failure as a reply; the catch is the last guard, so the renderer always
      // gets a reply object (`internal`) and never a rejected invoke.
      return dispatch(core.handlers, method, input, {
        onInternalError: (m, e) => log.error('bridge call failed', { method: m, error: describeError(e) }),
      }).catch((e: unknown) => {
        log.error('bridge call failed', { method, error: describeError(e) });
        return internalReply(method);
      });
    });
  }
  const unsubscribe = core.events.subscribe((event, payload) => {
    const w = win();
    if (w && !w.isDestroyed()) w.webContents.send(eventChannel(event), payload);
  });
  return () => {
    unsubscribe();
    for (const method of METHOD_NAMES) ipcMain.removeHandler(methodChannel(method));
  };
}
