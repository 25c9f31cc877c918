import type { AccountEvent } from '@eh/contracts';

/** Credits that came into an account, left it unused, and were charged. */
export interface CreditFlows {
  granted: number;
  expired: number;
  charged: number;
}

/**
 * Credits in and out of an account, summed from its events alone, without the fold: the property
 * test and the soak check compare what the fold holds against it (granted − expired = remaining +
 * reserved + charged).
 */
export function creditFlows(events: readonly AccountEvent[]): CreditFlows {
  const sum = { granted: 0, expired: 0, charged: 0 };
  for (const event of events) {
    switch (event.type) {
      case 'account.opened':
        sum.granted += event.data.allowance_granted;
        break;
      case 'account.cycle_started':
        sum.granted += event.data.allowance_granted;
        sum.expired += event.data.allowance_expired;
        break;
      case 'account.credits_granted':
        sum.granted += event.data.credits;
        break;
      case 'account.plan_changed':
        if (event.data.allowance_adjustment >= 0) sum.granted += event.data.allowance_adjustment;
        else sum.expired -= event.data.allowance_adjustment;
        break;
      case 'account.credits_released':
        sum.expired += event.data.expired;
        break;
      case 'account.credits_settled':
        sum.expired += event.data.expired;
        sum.charged += event.data.charged;
        break;
      default:
        break;
    }
  }
  return sum;
}
