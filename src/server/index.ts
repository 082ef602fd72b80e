export { buildServer, type ServerOptions } from './app.ts';
export { authFromEnv, safeEqual, type AuthConfig, type Role } from './auth.ts';
export { streamTurn, MAX_MESSAGE_CHARS } from './routes/chat.ts';
