export * from './types.ts';
export { WriteRejected,  type DeferredWrite } from './outcomes.ts';
export * from './runtime.ts';
export { safeEqual } from './secrets.ts';
