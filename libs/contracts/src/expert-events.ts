/**
 * Events of the `expert-<spec_id>` stream: the roster.
 * Operations register, change and retire experts; availability is set by operations or by
 * the expert (docs/decisions.md "Router").
 */

/**
 * `online` came first; the rest were added. `online`: takes new offers. `busy`: working, takes none.
 * `offline`: gone. `away`: set by the service after offers lapsed unanswered; one click back to
 * online. Only `online` experts are matched; new values go at the end.
 */
export const AVAILABILITIES = ['online', 'busy', 'offline', 'away'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The roster entry's fields that operations may change after registration. */
export interface ExpertProfile {
  name: string;
  role: string;
  skills: string[];
  tenure_years: number;
  median_turnaround_minutes: number;
  rate_credits_per_hour: number;
}

/** Only the credential's SHA-256 is stored; the credential itself is shown once, at registration. */
export interface ExpertRegistered {
  type: 'expert.registered';
  data: ExpertProfile & {
    expert_id: string;
    availability: Availability;
    credential_hash: string;
    credential_last4: string;
    registered_at: string;
  };
}

/** Carries only the fields that changed. */
export interface ExpertUpdated {
  type: 'expert.updated';
  data: { expert_id: string; changes: Partial<ExpertProfile>; updated_at: string };
}

/** Who or what changed an availability: absent on events written before the service changed it itself. */
export type AvailabilityChangeReason = 'set' | 'offers_lapsed' | 'available_until_passed';

export interface ExpertAvailabilityChanged {
  type: 'expert.availability_changed';
  data: {
    expert_id: string;
    availability: Availability;
    changed_at: string;
    /** `online` until this time, then treated as offline; null or absent: no end. */
    available_until?: string | null;
    reason?: AvailabilityChangeReason;
  };
}

/**
 * An offer to this expert expired without an answer while they were online (`deployment.offer_expired`).
 * `consecutive` counts the lapses since they last answered an offer; at two the expert is set away.
 */
export interface ExpertOfferLapsed {
  type: 'expert.offer_lapsed';
  data: { expert_id: string; deployment_id: string; offer_number: number; expired_at: string; consecutive: number };
}

/** The expert answered an offer (accepted or declined) after earlier lapses: the count starts again. `offer_number` is null for an acceptance (its event names none). */
export interface ExpertLapsesCleared {
  type: 'expert.lapses_cleared';
  data: { expert_id: string; deployment_id: string; offer_number: number | null; answered_at: string };
}

/** Leaves the roster for good: no offers, no credential, not listed. Past work keeps its name. */
export interface ExpertRetired {
  type: 'expert.retired';
  data: { expert_id: string; retired_at: string };
}

/**
 * Operations invite the expert to the console. Only the SHA-256 of the one-time token
 * is kept; the token itself is in the link shown once. A newer invitation replaces an open one.
 */
export interface ExpertInvited {
  type: 'expert.invited';
  data: { expert_id: string; invitation_id: string; email: string; token_sha256: string; expires_at: string; invited_at: string };
}

/** The invitation was used: `email` becomes the expert's sign-in name for the console. */
export interface ExpertInvitationAccepted {
  type: 'expert.invitation_accepted';
  data: { expert_id: string; invitation_id: string; email: string; accepted_at: string };
}

/**
 * The expert chose a password. The argon2id hash is not in the event (events are kept for good and
 * copied to JetStream): it is the `principal_passwords` row `password_id`, and sign-in accepts only
 * the row the latest of these events names (docs/decisions.md "Expert console").
 */
export interface ExpertPasswordSet {
  type: 'expert.password_set';
  data: { expert_id: string; password_id: string; set_at: string };
}

export type ExpertEvent =
  | ExpertRegistered
  | ExpertUpdated
  | ExpertAvailabilityChanged
  | ExpertRetired
  | ExpertInvited
  | ExpertInvitationAccepted
  | ExpertPasswordSet
  | ExpertOfferLapsed
  | ExpertLapsesCleared;
export type ExpertEventType = ExpertEvent['type'];

export const expertStreamName = (expertId: string): string => `expert-${expertId}`;
