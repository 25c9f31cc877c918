/**
 * How a signing secret is kept in the endpoint's events: sealed (AES-256-GCM, see
 * libs/platform secret-cipher.ts), or in plaintext for events written before sealing existed,
 * which are still read (an upcast at fold time) but never written again.
 */
import type { SealedSecret, SecretField } from '@eh/contracts';

export type StoredSecret = { sealed: SealedSecret } | { plaintext: string };

/** Reads either shape of an event's secret field. */
export function storedSecretOf(data: SecretField): StoredSecret {
  return 'sealed_secret' in data ? { sealed: data.sealed_secret } : { plaintext: data.secret };
}

/**
 * The additional authenticated data of an endpoint's secrets: a sealed secret opens only for
 * the workspace and endpoint it was sealed for, so copying it to another stream yields nothing.
 */
export const webhookSecretAad = (workspaceId: string, endpointId: string): string => `webhook-signing-secret/v1|${workspaceId}|${endpointId}`;
