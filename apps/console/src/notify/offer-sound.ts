/**
 * A short two-note chime for a new offer, made with WebAudio (no audio file to ship). Browsers
 * only let a page play sound after the person has interacted with it; `primeOfferSound` runs on
 * the first click or key press so a later offer, arriving while the tab is hidden, can ring.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

export function primeOfferSound(): void {
  void audio()
    ?.resume()
    .catch(() => undefined);
}

export function playOfferSound(): void {
  const ctx = audio();
  if (!ctx) return;
  void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.01;
  // Two soft sine notes (E5 then A5), each fading out: noticeable, not alarming.
  for (const [index, frequency] of [659.25, 880].entries()) {
    const at = start + index * 0.16;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
  }
}
