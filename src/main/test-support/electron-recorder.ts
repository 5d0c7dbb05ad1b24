/**
 * A recording stand-in for the `electron` module (main-process wiring tests): it captures what main
 * registers (protocol handlers, IPC handlers, window options and webContents listeners, session handlers,
 * dialogs, safeStorage and shell calls, notifications) so the tests can drive those handlers. It replaces
 * Electron's API surface only; core, SQLite and the simulator stay real.
 */
type Listener = (...args: unknown[]) => unknown;

class Emitter {
  listeners = new Map<string, Listener[]>();
  on(event: string, fn: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  once(event: string, fn: Listener): this {
    return this.on(event, fn);
  }
  off(event: string, fn: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== fn),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(event) ?? []).map((l) => l(...args));
  }
}

export interface Recorder {
  reset(): void;
  packaged: boolean;
  paths: Record<string, string>;
  calls: { name: string; args: unknown[] }[];
  callsOf(name: string): unknown[][];
  appEvents: Emitter;
  windows: FakeWindow[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response> | Response>;
  privilegedSchemes: unknown[];
  ipcHandlers: Map<string, Listener>;
  session: {
    headersReceived: Listener | null;
    permissionRequest: Listener | null;
    permissionCheck: Listener | null;
  };
  safeStorage: { available: boolean; backend: string };
  saveDialogAnswer: { canceled: boolean; filePath?: string };
  openDialogAnswer: { canceled: boolean; filePaths: string[] };
  notifications: FakeNotification[];
}

const rec: Recorder = {
  reset() {
    rec.packaged = false;
    rec.paths = {};
    rec.calls = [];
    rec.appEvents = new Emitter();
    rec.windows = [];
    rec.protocolHandlers = new Map();
    rec.privilegedSchemes = [];
    rec.ipcHandlers = new Map();
    rec.session = { headersReceived: null, permissionRequest: null, permissionCheck: null };
    rec.safeStorage = { available: true, backend: 'gnome_libsecret' };
    rec.saveDialogAnswer = { canceled: true };
    rec.openDialogAnswer = { canceled: true, filePaths: [] };
    rec.notifications = [];
  },
  packaged: false,
  paths: {},
  calls: [],
  callsOf: (name) => rec.calls.filter((c) => c.name === name).map((c) => c.args),
  appEvents: new Emitter(),
  windows: [],
  protocolHandlers: new Map(),
  privilegedSchemes: [],
  ipcHandlers: new Map(),
  session: { headersReceived: null, permissionRequest: null, permissionCheck: null },
  safeStorage: { available: true, backend: 'gnome_libsecret' },
  saveDialogAnswer: { canceled: true },
  openDialogAnswer: { canceled: true, filePaths: [] },
  notifications: [],
};
export const recorder = rec;

const record =
  (name: string, answer?: (...args: unknown[]) => unknown) =>
  (...args: unknown[]): unknown => {
    rec.calls.push({ name, args });
    return answer?.(...args);
  };

class FakeWebContents extends Emitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  mainFrame = { url: 'atelier-app://app/index.html' };
  setWindowOpenHandler(fn: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = fn;
  }
  send = record('webContents.send');
  startDrag = record('webContents.startDrag');
  isDestroyed = (): boolean => false;
}

export class FakeWindow extends Emitter {
  static getAllWindows = (): FakeWindow[] => rec.windows;
  webContents = new FakeWebContents();
  focused = true;
  title = '';
  constructor(public options: Record<string, unknown>) {
    super();
    rec.windows.push(this);
  }
  loadURL = record('win.loadURL', () => Promise.resolve());
  show = record('win.show');
  focus = record('win.focus');
  restore = record('win.restore');
  isFocused = (): boolean => this.focused;
  isMinimized = (): boolean => false;
  isDestroyed = (): boolean => false;
  setTitle = (t: string): void => {
    this.title = t;
  };
}

export class FakeNotification extends Emitter {
  static isSupported = (): boolean => true;
  shown = false;
  constructor(public options: { title: string; body: string }) {
    super();
    rec.notifications.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

const app = {
  get isPackaged() {
    return rec.packaged;
  },
  whenReady: () => Promise.resolve(),
  getPath: (name: string) => {
    const p = rec.paths[name];
    if (!p) throw new Error(`no path for ${name}`);
    return p;
  },
  setPath: (name: string, value: string) => {
    rec.paths[name] = value;
  },
  getVersion: () => '0.0.0-test',
  enableSandbox: record('app.enableSandbox'),
  on: (event: string, fn: Listener) => rec.appEvents.on(event, fn),
  quit: record('app.quit'),
  relaunch: record('app.relaunch'),
  exit: record('app.exit'),
  setBadgeCount: record('app.setBadgeCount'),
};

const electron = {
  app,
  BrowserWindow: FakeWindow,
  Notification: FakeNotification,
  session: {
    defaultSession: {
      webRequest: { onHeadersReceived: (fn: Listener) => (rec.session.headersReceived = fn) },
      setPermissionRequestHandler: (fn: Listener) => (rec.session.permissionRequest = fn),
      setPermissionCheckHandler: (fn: Listener) => (rec.session.permissionCheck = fn),
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => rec.privilegedSchemes.push(...schemes),
    handle: (scheme: string, fn: (request: Request) => Promise<Response>) =>
      rec.protocolHandlers.set(scheme, fn),
  },
  ipcMain: {
    handle: (channel: string, fn: Listener) => rec.ipcHandlers.set(channel, fn),
    removeHandler: (channel: string) => rec.ipcHandlers.delete(channel),
    on: record('ipcMain.on'), // electron-store registers one listener of its own
  },
  dialog: {
    showErrorBox: record('dialog.showErrorBox'),
    showSaveDialog: record('dialog.showSaveDialog', () => Promise.resolve(rec.saveDialogAnswer)),
    showOpenDialog: record('dialog.showOpenDialog', () => Promise.resolve(rec.openDialogAnswer)),
    showMessageBox: record('dialog.showMessageBox', () => Promise.resolve({ response: 0 })),
  },
  shell: {
    showItemInFolder: record('shell.showItemInFolder'),
    openExternal: record('shell.openExternal', () => Promise.resolve()),
    openPath: record('shell.openPath', () => Promise.resolve('')),
  },
  safeStorage: {
    getSelectedStorageBackend: () => rec.safeStorage.backend,
    isAsyncEncryptionAvailable: () => Promise.resolve(rec.safeStorage.available),
    encryptStringAsync: record('safeStorage.encryptStringAsync', (plain) =>
      Promise.resolve(Buffer.from(`sealed:${Buffer.from(String(plain)).toString('hex')}`)),
    ),
    decryptStringAsync: (cipher: Buffer) =>
      Promise.resolve({
        result: Buffer.from(cipher.toString().replace(/^sealed:/, ''), 'hex').toString(),
        shouldReEncrypt: false,
      }),
  },
  nativeImage: {
    createFromPath: () => ({ isEmpty: () => true, resize: () => ({}) }),
    createFromBitmap: () => ({ isEmpty: () => false }),
  },
};

/** What `vi.mock('electron', …)` returns: named exports and the default export electron-store uses. */
export const electronModule = { ...electron, default: electron };
