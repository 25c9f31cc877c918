/**
 * A few routes need no router library (docs/decisions.md): the path below the base (`/console/`)
 * is read with useSyncExternalStore, links push history entries, and each page names itself.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export { routeOf, type Route } from './routes';

const BASE = import.meta.env.BASE_URL.replace(/\/$/, ''); // '/console'
const NAVIGATED = 'console:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentPath = (): string => {
  const { pathname } = window.location;
  return pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
};
const currentSearch = (): string => window.location.search;

export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useSyncExternalStore(subscribe, currentSearch)).get(name);
}

export const href = (to: string): string => `${BASE}${to}`;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', href(to));
  else window.history.pushState(null, '', href(to));
  window.dispatchEvent(new Event(NAVIGATED));
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An ordinary link (open in a new tab works) that navigates in place on a plain click. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={href(to)} onClick={handle} {...props} />;
}
