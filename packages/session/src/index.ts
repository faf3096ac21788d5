export { sessionStore, useSession } from './sessionStore';
export type { SessionState, DialogKind, DialogOptions, DialogRequest } from './sessionStore';
export { AUTH_STORAGE_KEY } from './persistence';
export type { Tokens, PersistedSession } from './persistence';
export { decodeRole } from './jwt';
