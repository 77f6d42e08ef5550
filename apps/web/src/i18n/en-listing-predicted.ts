/** English copy of the listing candidates. ko-listing-predicted.ts must match it key for key. */
export const listingPredictedEn = {
  listingPredicted: {
    title: 'Listing candidates',
    lead: 'Tokens {{exchange}} does not list yet, with what speaks for a listing. No score: read the reasons. Order: more reasons first, then listed on the other Korean exchange, then overseas volume.',
    venues: 'Candidates for',
    simulated: 'Simulated candidates: markets, wallets and trends come from the built-in simulator.',
    loading: 'Loading candidates…',
    failed: 'Candidates could not be loaded: {{message}}',
    empty: 'No candidate for {{exchange}} right now.',
    noTrends: 'Telegram and Naver trends are not available: only market reasons are shown.',
    count: '{{shown}} of {{total}}',
    more: 'Show more',
    reason: {
      koreanListing: '{{exchange}} lists it ({{quotes}})',
      koreanListingSince: '{{exchange}} lists it ({{quotes}}) since {{date}}',
      overseasVolume: 'Overseas volume {{volume}} on {{count}} venues',
      overseasVolumeOne: 'Overseas volume {{volume}} on 1 venue',
      networks: 'On {{networks}}, which {{exchange}} already supports',
      telegram: 'Telegram mentions ×{{ratio}} vs 7-day avg ({{count}} in 24 h)',
      telegramFirst: 'Telegram: {{count}} mentions in 24 h, none before',
      naver: 'Naver searches +{{pct}} % vs the 2 weeks before',
    },
  },
};
