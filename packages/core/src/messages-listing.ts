/** Server messages of the listing-arbitrage pages, in both languages (spec §5, §8). */

export const LISTING_MESSAGES_EN = {
  'listing.invalidInvite': 'Invalid invitation code.',
  'listing.inviteRequired': 'Listing arbitrage is in pre-launch: enter your invitation code.',
  'listing.notFound': 'No listing {{key}}.',
  'listing.badKey': 'key must be {exchange}-{quote}-{base} in lower case, for example upbit-krw-ait.',
} as const;
