export { sessionStore, useSession, selectCartCount } from './sessionStore';
export type { SessionState, DialogKind, DialogOptions, DialogRequest } from './sessionStore';
export { AUTH_STORAGE_KEY } from './persistence';
export type { Tokens, PersistedSession } from './persistence';
export { decodeRole } from './jwt';
export type { CartLineInput } from './cartRules';
