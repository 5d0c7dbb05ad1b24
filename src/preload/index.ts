import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { EVENT_NAMES, eventChannel, isEventName, isMethodName, METHOD_NAMES, methodChannel } from '../shared/bridge/contract';
import type { ElectronBridgeApi } from '../shared/bridge/electron-api';

/**
 * The named preload API (never raw ipcRenderer): one invoke per contract method, subscriptions that strip
 * the IPC event object and return a real unsubscribe, and the path of a dropped file (sandboxed renderers
 * cannot see paths; core copies the file from there, so bytes never cross IPC as base64).
 */
const api: ElectronBridgeApi = {
  methods: [...METHOD_NAMES],
  events: [...EVENT_NAMES],
  invoke(method, input) {
    if (!isMethodName(method)) return Promise.resolve({ ok: false, error: { code: 'unknown_method', message: 'Unknown method.' } });
    return ipcRenderer.invoke(methodChannel(method), input);
  },
  subscribe(event, listener) {
    if (!isEventName(event)) return () => undefined;
    const channel = eventChannel(event);
    const wrapped = (_e: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => void ipcRenderer.removeListener(channel, wrapped);
  },
  pathForFile(file) {
    try {
      return webUtils.getPathForFile(file) || null;
    } catch {
      return null;
    }
  },
};

contextBridge.exposeInMainWorld('atelier', api);
