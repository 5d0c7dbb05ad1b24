export * from './contract';
export * from './result';
export * from './client';
export { dispatch, type DispatchOptions } from './dispatch';
