import type { ElectronBridgeApi } from '../../../shared/bridge/electron-api';

declare global {
  interface Window {
    atelier?: ElectronBridgeApi;
  }
}

const TOKEN_KEY = 'atelier.token';

/** The page's token once read (it does not change while the page lives; media URLs ask for it per tile). */
let token: string | null | undefined;

/**
 * Web mode's session token: from the URL the host printed, then kept in sessionStorage and removed from
 * the address bar (so it is not left in history or screenshots). Both happen when the renderer is first
 * idle: a fresh renderer's first sessionStorage write and the history change cost 15–25 ms of a cold first
 * paint (issue 31); until then a reload still finds the token in the URL.
 */
export function webSessionToken(): string | null {
  if (token !== undefined) return token;
  const fromUrl = new URL(location.href).searchParams.get('token');
  if (!fromUrl) return (token = sessionStorage.getItem(TOKEN_KEY));
  token = fromUrl;
  whenIdle(() => {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    const url = new URL(location.href);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  });
  return token;
}

const whenIdle = (work: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
  else setTimeout(work, 0);
};

export const electronApi = (): ElectronBridgeApi | undefined => window.atelier;
