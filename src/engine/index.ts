export * from './types.ts';
export { WriteRejected,  type DeferredWrite } from './outcomes.ts';
export * from './runtime.ts';
export { answerFromKnowledge } from './specialists.ts';
export { EventHub, type HubEvent } from './events.ts';
export { KeyedMutex } from './lock.ts';
export { bearerCredential, safeEqual } from './secrets.ts';
export { runtimeReply } from './runtime-replies.ts';
export type { RuntimeSignal } from './signals.ts';
