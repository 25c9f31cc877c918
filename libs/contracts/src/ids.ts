import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/**
 * ulid's default draws `crypto.randomBytes(1)` for each of the 16 random characters of every id
 * (1 % of the gateway's CPU). The same CSPRNG, drawn 4 KiB at a time: a byte scaled to
 * [0, 1) picks one of the 32 characters uniformly (256 is a multiple of 32).
 */
const entropy = new Uint8Array(4096);
let entropyUsed = entropy.length;
function bufferedRandom(): number {
  if (entropyUsed === entropy.length) {
    randomFillSync(entropy);
    entropyUsed = 0;
  }
  return entropy[entropyUsed++] / 256;
}

const nextUlid = monotonicFactory(bufferedRandom);

/** Identifier prefixes of the public resources, plus internal ones. */
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
  // Files an expert uploads (the blob store) and invitations to the console.
  attachment: 'att',
  invitation: 'inv',
  // Workspace members and their invitations, operators, signing secrets, replay jobs, limit requests.
  member: 'mem',
  memberInvitation: 'minv',
  operator: 'op',
  signingSecret: 'whs',
  webhookReplay: 'wrp',
  limitRequest: 'lrq',
  // An expert's browser subscribed to Web Push notifications.
  pushSubscription: 'psub',
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
