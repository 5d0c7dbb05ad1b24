/**
 * The Electron shell's security decisions as pure functions (no `electron` import), so each one is unit
 * tested; window.ts and ipc.ts only wire them to Electron's events. Electron security checklist items
 * 5, 13, 14, 15 and 17.
 */

/** True for absolute http: and https: URLs only: the only links we ever hand to the OS browser. */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

const OPAQUE_SCHEMES = new Set(['file:', 'data:', 'blob:', 'javascript:', 'about:', 'filesystem:']);

/**
 * The origin of a URL as Chromium sees it, or null. WHATWG URL (Node, so Electron main) gives every
 * non-special scheme the opaque origin "null", including our own `atelier-app://app`, which Chromium treats
 * as a standard scheme with a real origin; so custom schemes with a host get `scheme://host[:port]` here.
 */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.origin !== 'null') return u.origin;
  if (OPAQUE_SCHEMES.has(u.protocol) || !u.host) return null;
  return `${u.protocol}//${u.host}`;
}

/**
 * In-app navigation is allowed only within our own origin, compared as parsed origins (a `startsWith`
 * check would let `atelier-app://app.evil` or `http://localhost:5173.evil.com` through).
 */
export function isNavigationAllowed(url: string, ourOrigin: string): boolean {
  const target = originOf(url);
  return target !== null && target === originOf(ourOrigin);
}

/** What to do with a `window.open` / `target=_blank`: never a new window; http(s) goes to the OS browser. */
export interface WindowOpenDecision {
  action: 'deny';
  openExternally: string | null;
}

export function decideWindowOpen(url: string): WindowOpenDecision {
  return { action: 'deny', openExternally: isExternalLinkAllowed(url) ? url : null };
}

/**
 * Permission requests (camera, microphone, geolocation, notifications, clipboard-read, …) are all denied:
 * the renderer needs none of them (OS notifications are shown by main, not by the page).
 */
export function isPermissionGranted(_permission: string): boolean {
  return false;
}

/** What ipc.ts knows about the sender of an IPC message, reduced to plain values. */
export interface SenderFacts {
  /** `event.sender` is our main window's webContents. */
  isOurWebContents: boolean;
  /** `event.senderFrame` is that webContents' top frame (not an iframe). */
  isMainFrame: boolean;
  /** The sending frame's URL (may be empty when the frame is gone). */
  url: string;
  /** The origin our renderer is loaded from. */
  origin: string;
}

/** Our window, its top frame, our origin: anything else is refused (checklist item 17). */
export function isTrustedSenderFacts(f: SenderFacts): boolean {
  if (!f.isOurWebContents || !f.isMainFrame || !f.url) return false;
  return isNavigationAllowed(f.url, f.origin);
}
