// Whether a key press goes into something the person is typing in: there a letter is text, never a shortcut.

const TYPING_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** True when the key goes into something the person is typing in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(target.type);
  return TYPING_ROLES.has(target.getAttribute('role') ?? '');
}
