/**
 * The plain lists and limits behind the saved-view schemas (saved-views.ts), in a module without them: a
 * visitor's views are kept in the browser under the same rules, and the first screen loads no schema library.
 */

export const SAVED_VIEW_TABLES = ['premium', 'spot-spot', 'spot-perp', 'perp-perp'] as const;
export type SavedViewTable = (typeof SAVED_VIEW_TABLES)[number];

/** Column layouts are shared by the three arbitrage tables (their columns are the same set). */
export const COLUMN_GROUPS = ['premium', 'arbitrage'] as const;

/** Not set by the spec: enough presets for every habit, few enough to fit one menu and one row of chips. */
export const SAVED_VIEW_LIMITS = { presets: 20, shortcuts: 5 } as const;
