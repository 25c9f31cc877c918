import { monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

/** Identifier prefixes of SPEC.md "Resources and their fields", plus internal ones. */
export const ID_PREFIX = {
  deployment: 'dep',
  expert: 'spec',
  request: 'req',
  delivery: 'del',
  handoff: 'hnd',
  event: 'evt',
  workspace: 'ws',
  apiKey: 'key',
  webhookEndpoint: 'we',
  // Issue 12: files an expert uploads (the blob store) and invitations to the console.
  attachment: 'att',
  invitation: 'inv',
  // Issue 13: workspace members and their invitations, operators, signing secrets, replay jobs, limit requests.
  member: 'mem',
  memberInvitation: 'minv',
  operator: 'op',
  signingSecret: 'whs',
  webhookReplay: 'wrp',
  limitRequest: 'lrq',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${nextUlid()}`;
}

const ULID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIX[kind]}_`;
  return value.startsWith(prefix) && ULID_BODY.test(value.slice(prefix.length));
}
