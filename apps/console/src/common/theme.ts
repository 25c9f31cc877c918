/**
 * The colour scheme a person chose in the console, over the system's: kept in localStorage on
 * this device, applied as `data-theme` on the root element (styles.css reads it). "system"
 * removes both and follows prefers-color-scheme again.
 */
export type Theme = 'system' | 'light' | 'dark';

const KEY = 'console-theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    // Storage refused (a private window's policy): the system's scheme.
    return 'system';
  }
}

export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function chooseTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Not kept past this page; still applied now.
  }
  applyTheme(theme);
}
