export * from './modes.ts';
export { HandoffService,    type OperatorListener, type OperatorReplyGuard } from './service.ts';
