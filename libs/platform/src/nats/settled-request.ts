import type { Msg } from 'nats';
import { RequestOne } from 'nats/lib/nats-base-client/request';

const original = RequestOne.prototype.resolver;
const originalCancel = RequestOne.prototype.cancel;

/** nats.js 2.29.3's RequestOne: an answer is resolved, then `cancel()` rejects the settled promise with a new `NatsError`. */
const REPRODUCED_RESOLVER = `resolver(err, msg) { if (this.timer) { this.timer.cancel(); } if (err) { if (this.ctx) { err.stack += \`\\n\\n\${this.ctx.stack}\`; } this.deferred.reject(err); } else { this.deferred.resolve(msg); } this.cancel(); }`;
const REPRODUCED_CANCEL = `cancel(err) { if (this.timer) { this.timer.cancel(); } this.mux.cancel(this); this.deferred.reject(err ? err : core_1.NatsError.errorForCode(core_1.ErrorCode.Cancelled)); }`;

const normalized = (fn: (...args: never[]) => unknown): string => fn.toString().replace(/\s+/g, ' ');

/** Whether nats.js's code is, to the whitespace, the one replaced here: another version's is never replaced unseen. */
export function isReproducedRequestOne(resolver: (...args: never[]) => unknown = original, cancel: (...args: never[]) => unknown = originalCancel): boolean {
  return normalized(resolver) === REPRODUCED_RESOLVER && normalized(cancel) === REPRODUCED_CANCEL;
}

/**
 * Every JetStream publish is a request, and each answered one built an Error (a stack
 * trace) only to reject a promise already resolved: 8 % of the relay's samples in a V8 profile (997 ms
 * of `NatsError` in a 100 s run at 40 deployments/s). Answered, a request now does what it did
 * before without that rejection; an error or a timeout still goes through nats.js's own code.
 * Installed once, process-wide, and only over the version reproduced here.
 */
export function installSettledRequestResolver(): boolean {
  if (RequestOne.prototype.resolver !== original) return true;
  if (!isReproducedRequestOne()) return false;
  RequestOne.prototype.resolver = function resolver(this: RequestOne, err: Error | null, msg: Msg): void {
    if (err) {
      original.call(this, err, msg);
      return;
    }
    this.timer?.cancel();
    this.deferred.resolve(msg);
    this.mux.cancel(this);
  };
  return true;
}
