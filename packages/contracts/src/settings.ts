import { z } from 'zod';
import { currencySchema, storableText, updateIntervalSchema } from './common.ts';

/**
 * Display settings that follow a signed-in user (visitors keep them in the browser only). Every field is
 * optional on write: a PATCH changes what it names and leaves the rest.
 */
export const THEMES = ['dark', 'light'] as const;
export const COLOR_CONVENTIONS = ['auto', 'red-up', 'green-up'] as const;

/** Column ids of a table group, in the order the user put them; null: the table's default for the width. */
const columnList = z.array(storableText(32).min(1)).max(64).nullable();

/** The columns a user chose per table group (premium, arbitrage): they follow the user across devices. */
export const columnPrefsSchema = z
  .object({ premium: columnList, arbitrage: columnList })
  .partial()
  .strict()
  .describe('chosen columns per table group, in order; a missing or null group shows the default');

export const preferencesSchema = z
  .object({
    language: z.enum(['ko', 'en']),
    currency: currencySchema,
    theme: z.enum(THEMES).nullable().describe('null follows the operating system'),
    interval: updateIntervalSchema,
    colorConvention: z.enum(COLOR_CONVENTIONS),
    columns: columnPrefsSchema,
  })
  .partial()
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

const favoriteKey = storableText(64);

export const settingsResponseSchema = z.object({
  preferences: preferencesSchema,
  pins: z.array(z.string()),
  ownedTokens: z.array(z.string()),
  limits: z.object({ pins: z.number().int(), ownedTokens: z.number().int() }),
  updatedAt: z.number().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const addFavoriteRequestSchema = z.object({ key: favoriteKey });
export const favoriteParamsSchema = z.object({ key: favoriteKey });
export const replaceOwnedTokensRequestSchema = z.object({ tokens: z.array(favoriteKey).max(1000) });
