/**
 * The Offers page's single-letter shortcuts: A accepts the offer in focus, D starts declining it.
 * A letter typed into a field is text, never a command, and a letter with a modifier belongs to
 * the browser or the screen reader (Ctrl+D bookmarks, Alt+D the address bar). Pure: no DOM here.
 */
export type OfferKey = 'accept' | 'decline';

/** `typing`: the key goes into a field (typing-target.ts), where it is text. */
export function offerKeyOf(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; repeat?: boolean; typing: boolean }): OfferKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.typing) return null;
  switch (event.key.toLowerCase()) {
    case 'a':
      return 'accept';
    case 'd':
      return 'decline';
    default:
      return null;
  }
}

/** Where an arrow, Home or End key moves the focus among `count` offers from `index` (null: not a move). */
export function nextOfferIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
