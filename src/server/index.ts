export { buildServer, type ServerOptions } from './app.ts';
export { authFromEnv, consoleUsers, safeEqual, type AuthConfig, type ConsoleUser } from './auth.ts';
