import { UploadsInFlight } from './uploads-in-flight';

describe('uploads in flight per expert', () => {
  it('gives each expert their slots, refuses past them, and frees a slot once however often it is released', () => {
    const inFlight = new UploadsInFlight(1);
    const release = inFlight.take('spec_a');
    expect(release).not.toBeNull();
    expect(inFlight.take('spec_a')).toBeNull();
    expect(inFlight.take('spec_b')).not.toBeNull();
    release?.();
    release?.();
    expect(inFlight.heldBy('spec_a')).toBe(0);
    const again = inFlight.take('spec_a');
    expect(again).not.toBeNull();
    expect(inFlight.take('spec_a')).toBeNull();
  });
});
