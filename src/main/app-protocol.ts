import { protocol } from 'electron';
import type { AppHandler } from '../core/app-server';

export const APP_SCHEME = 'atelier-app';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Must run before app `ready`: one standard, secure scheme for the renderer AND its media (same origin, so
 * the CSP's 'self' covers `/media/…`), with fetch and streaming (video seeking).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * Serves `atelier-app://app/…` through the shared app handler (src/core/app-server), the same code the web
 * host runs for every browser e2e test: renderer files with the CSP, `/media/…` with Range.
 */
export function handleAppProtocol(handler: AppHandler): void {
  protocol.handle(APP_SCHEME, (request) => {
    if (new URL(request.url).host !== APP_HOST)
      return Promise.resolve(new Response('not found', { status: 404 }));
    return handler(request);
  });
}
