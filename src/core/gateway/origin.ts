/**
 * True when `url` is on the same origin (scheme, host, port) as the profile's `baseUrl`. A result URL there
 * is served by the gateway itself and needs the key; a URL anywhere else never gets it.
 */
export function isSameOrigin(url: string, baseUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
