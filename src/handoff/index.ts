export * from './modes.ts';
export { HandoffService, type HandoffEvents, type HandoffServiceOptions, type HandoffSettings, type OperatorListener } from './service.ts';
