/**
 * Who made a change (the audit log). Carried in the data of the events people and keys
 * cause; events written earlier carry none and are read as operations' (the admin API and
 * the ops CLI were the only writers then).
 */
export type ActorKind = 'member' | 'operator' | 'admin' | 'api_key' | 'system';

export interface Actor {
  kind: ActorKind;
  /** `mem_…`, `op_…`, `key_…`; null for the admin credential, the ops CLI and the services. */
  id: string | null;
  /** What a person reads: an email, a key's name and last four characters, "operations". */
  label: string;
}

export const OPERATIONS_ACTOR: Actor = Object.freeze({ kind: 'admin', id: null, label: 'operations' });
export const SYSTEM_ACTOR: Actor = Object.freeze({ kind: 'system', id: null, label: 'the service' });
