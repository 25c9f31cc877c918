import { randomBytes } from 'node:crypto';

/** 32 random bytes as base64url (43 characters): session, invitation and CSRF tokens. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');
