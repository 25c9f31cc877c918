/**
 * Whether an `online` expert can be told of an offer now. The router offers work only to
 * reachable experts: an offer to someone who cannot hear of it only holds the deployment for the
 * whole offer window. Ports, so routing does not know how presence or notifications are kept.
 */
export interface ExpertReachability {
  /** The subset of `expertIds` reachable now. One call per routing decision, never one per expert. */
  reachable(expertIds: readonly string[]): Promise<Set<string>>;
}

/** Reachable by something other than an open console: a working e-mail or push channel. */
export interface OtherChannels {
  reachable(expertIds: readonly string[]): Promise<Set<string>>;
}

/** No other channel reaches anyone: only an open console counts. */
export const NO_OTHER_CHANNELS: OtherChannels = Object.freeze({ reachable: async () => new Set<string>() });

/** Per expert, the notification channels that work (the notifications context's `reachableChannels`). */
export type ChannelsByExpert = ReadonlyMap<string, { email: boolean; push: boolean }>;

/** OtherChannels over a `reachableChannels`-style query: reachable when e-mail or push works. */
export function otherChannelsFrom(query: (expertIds: string[]) => Promise<ChannelsByExpert>): OtherChannels {
  return {
    reachable: async (expertIds) => {
      if (expertIds.length === 0) return new Set();
      const channels = await query([...expertIds]);
      return new Set([...channels].filter(([, { email, push }]) => email || push).map(([expertId]) => expertId));
    },
  };
}

/** Every expert counts as reachable (EXPERT_REACHABILITY=off): the behaviour before presence. */
export const EVERYONE_REACHABLE: ExpertReachability = Object.freeze({ reachable: async (expertIds: readonly string[]) => new Set(expertIds) });

/**
 * Reachable = a console open (presence) or another channel. Presence is asked first, in one
 * round trip; other channels only for those without a console.
 */
export function consoleOrOtherChannels(connected: ExpertReachability, other: OtherChannels): ExpertReachability {
  return {
    reachable: async (expertIds) => {
      const reachable = await connected.reachable(expertIds);
      const rest = expertIds.filter((expertId) => !reachable.has(expertId));
      if (rest.length === 0) return reachable;
      for (const expertId of await other.reachable(rest)) reachable.add(expertId);
      return reachable;
    },
  };
}

/**
 * Presence lives in Redis, which holds only what can be rebuilt: when it cannot answer, routing
 * goes on as before presence (everyone reachable) rather than stop offering work.
 */
export function failingOpen(reachability: ExpertReachability, warn: (error: unknown) => void): ExpertReachability {
  return {
    reachable: async (expertIds) => {
      try {
        return await reachability.reachable(expertIds);
      } catch (error) {
        warn(error);
        return new Set(expertIds);
      }
    },
  };
}
