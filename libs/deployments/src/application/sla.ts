import type { Urgency } from '@eh/contracts';

export interface SlaWindows {
  slaPrioritySeconds: number;
  slaStandardSeconds: number;
}

/**
 * The time by which an expert must accept (the match SLA). A scheduled deployment starts
 * routing at `scheduled_for` and then gets the standard window (docs/decisions.md).
 */
export function slaDeadline(urgency: Urgency, createdAt: Date, scheduledFor: Date | null, windows: SlaWindows): Date {
  switch (urgency) {
    case 'priority':
      return new Date(createdAt.getTime() + windows.slaPrioritySeconds * 1000);
    case 'standard':
      return new Date(createdAt.getTime() + windows.slaStandardSeconds * 1000);
    case 'scheduled':
      return new Date((scheduledFor ?? createdAt).getTime() + windows.slaStandardSeconds * 1000);
    default: {
      const unhandled: never = urgency;
      return unhandled;
    }
  }
}
