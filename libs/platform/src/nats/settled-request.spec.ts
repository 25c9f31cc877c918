import { RequestOne } from 'nats/lib/nats-base-client/request';
import { isReproducedRequestOne } from './settled-request';

describe('the answered-request resolver', () => {
  it("is written over nats.js's own RequestOne code: an upgrade that changes it fails here, and the library's is kept", () => {
    expect(isReproducedRequestOne()).toBe(true);
  });

  it('does not take another version for the one it reproduces', () => {
    function resolver(this: RequestOne): void {
      this.deferred.resolve(undefined as never);
    }
    expect(isReproducedRequestOne(resolver, RequestOne.prototype.cancel)).toBe(false);
  });
});
