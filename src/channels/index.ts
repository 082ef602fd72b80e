// Messaging channels: WhatsApp through Evolution API or the Cloud API, and Chatwoot as an Agent Bot.
// See docs/how-to/channels.md for connecting a number or an inbox.
export { createChannels,  type Channels } from './routes.ts';
export { channelsConfigFromEnv, type ChannelsConfig } from './config.ts';
export { channelMigrations, listDeliveries, getLink } from './store.ts';
