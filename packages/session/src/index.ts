export { sessionStore, createSessionStore, followOtherTabs, useSession, selectCartCount } from './sessionStore';
export type { SessionState, DialogKind, DialogOptions, DialogRequest } from './sessionStore';
export { AUTH_STORAGE_KEY, hasPersistentStorage, readPersistedSession, writePersistedSession } from './persistence';
export type { Tokens, PersistedSession } from './persistence';
export { decodeRole, decodeJwtPayload, isExpired } from './jwt';
export { addLine, setLineQuantity, removeLine, cartCount } from './cartRules';
export type { CartLineInput } from './cartRules';
