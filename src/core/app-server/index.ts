export { createAppHandler, MEDIA_PREFIX, type AppHandler, type AppHandlerOptions } from './app-handler';
export { RENDERER_CSP, RENDERER_TYPES } from './csp';
