import { nextOfferIndex, offerKeyOf } from '../../apps/console/src/scenes/Offers/offer-keys';

/** The Offers page's shortcuts, without a browser: the page itself is tested in offers-keyboard.e2e.ts. */
describe('the console: offer shortcuts', () => {
  const key = (name: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; repeat: boolean }> = {}) =>
    offerKeyOf({ key: name, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

  it('A accepts and D declines, in either case; other letters do nothing', () => {
    expect([key('a'), key('A'), key('d'), key('D'), key('x'), key('Enter')]).toEqual(['accept', 'accept', 'decline', 'decline', null, null]);
  });

  it('never fires while typing', () => {
    expect(offerKeyOf({ key: 'a', ctrlKey: false, metaKey: false, altKey: false, typing: true })).toBeNull();
  });

  it('leaves a letter with a modifier, or a held key, to the browser', () => {
    expect([key('d', { ctrlKey: true }), key('d', { metaKey: true }), key('d', { altKey: true }), key('a', { repeat: true })]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('moves the focus with the arrows, Home and End, and stops at the ends', () => {
    expect([nextOfferIndex('ArrowDown', 0, 3), nextOfferIndex('ArrowDown', 2, 3), nextOfferIndex('ArrowUp', 0, 3), nextOfferIndex('ArrowUp', 2, 3)]).toEqual([
      1, 2, 0, 1,
    ]);
    expect([nextOfferIndex('Home', 2, 3), nextOfferIndex('End', 0, 3), nextOfferIndex('Tab', 0, 3), nextOfferIndex('ArrowDown', 0, 0)]).toEqual([
      0,
      2,
      null,
      null,
    ]);
  });
});
