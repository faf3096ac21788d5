// Tokens as the API signs them (HS256), for the expired and tampered ones the run sends.
import crypto from 'node:crypto';

export function signJwt(key, payload) {
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
}
export function decodeJwt(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
