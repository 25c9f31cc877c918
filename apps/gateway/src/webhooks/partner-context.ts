import type { PartnerScope } from '@eh/delivery';
import type { AuthenticatedKey } from '@eh/workspaces';

/** Whose endpoints, deliveries and events: the key's workspace and mode (or the member's choice). */
export const scopeOf = (auth: AuthenticatedKey): PartnerScope => ({ workspaceId: auth.workspaceId, mode: auth.mode });

/** DI token of the secret cipher that seals new signing secrets and opens one at a reveal. */
export const SECRET_CIPHER = Symbol('SecretCipher');
