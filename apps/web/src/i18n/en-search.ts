/** English copy the global search palette adds beyond en-tokens.ts. ko-search.ts must match it key for key. */
export const searchEn = {
  searchPalette: {
    off: '{{type}} is off: {{reason}}',
  },
};
