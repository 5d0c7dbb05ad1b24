import type { ElectronBridgeApi } from '../../../shared/bridge/electron-api';

declare global {
  interface Window {
    atelier?: ElectronBridgeApi;
  }
}

const TOKEN_KEY = 'atelier.token';

/**
 * Web mode's session token: from the URL the host printed, then kept in sessionStorage and removed from
 * the address bar (so it is not left in history or screenshots).
 */
export function webSessionToken(): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

export const electronApi = (): ElectronBridgeApi | undefined => window.atelier;
