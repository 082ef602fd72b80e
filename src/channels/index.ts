// Messaging channels: WhatsApp through Evolution API or the Cloud API, and Chatwoot as an Agent Bot.
// See docs/how-to/channels.md for connecting a number or an inbox.
export { createChannels, channelRoutes, type Channels } from './routes.ts';
export { channelsConfigFromEnv, type ChannelsConfig, type EvolutionConfig, type WhatsAppCloudConfig, type ChatwootConfig } from './config.ts';
export { channelMigrations, listDeliveries, getLink, type DeliveryRow, type ChannelLink } from './store.ts';
export { ChannelHub, channelSessionId, type ChannelAdapter } from './hub.ts';
export { parseEvolutionWebhook } from './evolution.ts';
export { parseCloudWebhook, verifyMetaSignature } from './whatsapp.ts';
export { parseChatwootWebhook, verifyChatwootSignature } from './chatwoot.ts';
export type { Address, ChannelName, InboundMessage } from './types.ts';
