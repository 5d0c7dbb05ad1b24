import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { EVENT_NAMES, eventChannel, isEventName, isMethodName, METHOD_NAMES, methodChannel } from '../shared/bridge/contract';
import type { ElectronBridgeApi } from '../shared/bridge/electron-api';
import type { BridgeReply } from '../shared/bridge/result';

/**
 * The named preload API (never raw ipcRenderer): one invoke per contract method, subscriptions that strip
 * the IPC event object and return a real unsubscribe, and staging of a dropped or picked file by its path
 * (sandboxed renderers cannot see paths; core copies the file from there, so bytes never cross IPC as
 * base64). The page itself can never name a path: `stageInputFromPath` is reachable only through
 * `stageFile`, which takes the path from a real File the user chose.
 */
const api: ElectronBridgeApi = {
  methods: [...METHOD_NAMES],
  events: [...EVENT_NAMES],
  invoke(method, input) {
    if (!isMethodName(method)) return Promise.resolve({ ok: false, error: { code: 'unknown_method', message: 'Unknown method.' } });
    // The page never names a path itself: only `stageFile` (a File the user dropped, pasted or picked) does.
    if (method === 'stageInputFromPath') return Promise.resolve({ ok: false, error: { code: 'forbidden', message: 'Stage files with stageFile.' } });
    return ipcRenderer.invoke(methodChannel(method), input);
  },
  subscribe(event, listener) {
    if (!isEventName(event)) return () => undefined;
    const channel = eventChannel(event);
    const wrapped = (_e: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  },
  stageFile(file) {
    let path = '';
    try {
      // Only a real File from a drop, paste or <input type=file> has a path; `new File(…)` has none.
      path = webUtils.getPathForFile(file);
    } catch {
      path = '';
    }
    if (!path) return null;
    return ipcRenderer.invoke(methodChannel('stageInputFromPath'), { path }) as Promise<BridgeReply<unknown>>;
  },
};

contextBridge.exposeInMainWorld('atelier', api);
