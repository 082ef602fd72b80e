export { buildServer, type ServerOptions } from './app.ts';
export { authFromEnv, safeEqual, type AuthConfig } from './auth.ts';
