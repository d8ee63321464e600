export * from './app';
export * from './credentials';
export * from './config';
export * from './appkeys';
export * from './trace';
export { consoleDirectory } from './plugins/console';
export { storedMediaFiles } from './remote/files';
export { playerThrottleFrom } from './remote/throttle';
export { TTL_MS as SESSION_KEPT_MS } from './session-cache';
