export * from './contract';
export * from './result';
export * from './client';
export { describeError, dispatch, internalReply, type DispatchOptions } from './dispatch';
