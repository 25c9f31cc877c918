/**
 * The tab's title while offers arrive unseen: `(1) New offer · Offers · Expert console`, the count
 * being the offers open now. Pure, so a unit test reads it.
 */
const MARK = /^\(\d+\) New offers? · /;

export const unmarkedTitle = (title: string): string => title.replace(MARK, '');

export function markedTitle(title: string, openOffers: number): string {
  const base = unmarkedTitle(title);
  if (openOffers <= 0) return base;
  return `(${openOffers}) ${openOffers === 1 ? 'New offer' : 'New offers'} · ${base}`;
}
