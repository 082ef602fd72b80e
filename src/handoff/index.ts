export * from './modes.ts';
export { HandoffService,    type OperatorListener } from './service.ts';
