import type { ProfileInput } from '../../shared/domain/profile';

/** The origin (`scheme://host:port`) of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** True when both URLs parse and share exactly one origin (scheme, host and port). */
export function sameOrigin(a: string, b: string): boolean {
  const oa = originOf(a);
  return oa !== null && oa === originOf(b);
}

const trimSlash = (u: string): string => u.replace(/\/+$/, '');

/** A saved key was entered for this base URL and auth header: changing either makes it someone else's. */
export function keyMustClear(previous: ProfileInput, next: ProfileInput): boolean {
  return (
    trimSlash(previous.baseUrl) !== trimSlash(next.baseUrl) ||
    previous.gatewayAuthHeader.toLowerCase() !== next.gatewayAuthHeader.toLowerCase()
  );
}
