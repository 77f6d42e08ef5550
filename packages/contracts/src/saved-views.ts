import { z } from 'zod';
import { storableText } from './common.ts';
import { COLUMN_GROUPS, SAVED_VIEW_TABLES } from './wire-constants.ts';

export {
  COLUMN_GROUPS,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_TABLES,
  type SavedViewTable,
} from './wire-constants.ts';

/**
 * Saved views of the premium and arbitrage tables (spec §7 option/premium-customize, premium-filters,
 * premium-shortcuts): a signed-in user's column layout, named filter presets and one-click shortcuts, kept on
 * the account so they follow the user to another device. Visitors keep the same shapes in the browser.
 */
/**
 * A preset's filters are the table's URL query (the page keeps its whole view there), so a preset opens
 * exactly what the user saw, and a filter added later needs no change here.
 */
export const presetFiltersSchema = z
  .record(storableText(32).regex(/^[A-Za-z][A-Za-z0-9_]*$/), storableText(400))
  .refine((filters) => Object.keys(filters).length <= 32, { message: 'at most 32 filters' })
  .describe('the table query parameters the preset applies, e.g. {"minPremium":"2","dir":"desc"}');

export const savedViewTableQuerySchema = z.object({ table: z.enum(SAVED_VIEW_TABLES) });

export const filterPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  /** Place among the shortcuts (0 first), null when the preset is not a shortcut. */
  shortcut: z.number().int().nullable(),
  updatedAt: z.number(),
});
export type FilterPreset = z.infer<typeof filterPresetSchema>;

export const filterPresetsResponseSchema = z.object({
  table: z.enum(SAVED_VIEW_TABLES),
  presets: z.array(filterPresetSchema),
  limits: z.object({ presets: z.number().int(), shortcuts: z.number().int() }),
});
export type FilterPresetsResponse = z.infer<typeof filterPresetsResponseSchema>;

const presetName = storableText(40)
  .transform((name) => name.trim())
  .refine((name) => name.length > 0, { message: 'a name is required' });

/** Saving under a name the table already has replaces that preset's filters (no duplicate names). */
export const saveFilterPresetRequestSchema = z
  .object({ table: z.enum(SAVED_VIEW_TABLES), name: presetName, filters: presetFiltersSchema })
  .strict();
export type SaveFilterPresetRequest = z.infer<typeof saveFilterPresetRequestSchema>;

export const filterPresetParamsSchema = z.object({ id: storableText(64).pipe(z.string().min(1)) });

export const shortcutsResponseSchema = z.object({
  table: z.enum(SAVED_VIEW_TABLES),
  /** Presets in shortcut order. */
  shortcuts: z.array(filterPresetSchema),
  limits: z.object({ presets: z.number().int(), shortcuts: z.number().int() }),
});
export type ShortcutsResponse = z.infer<typeof shortcutsResponseSchema>;

/** The whole shortcut row in order, as preset ids; presets left out stop being shortcuts. */
export const replaceShortcutsRequestSchema = z
  .object({
    table: z.enum(SAVED_VIEW_TABLES),
    presetIds: z.array(storableText(64).pipe(z.string().min(1))).max(64),
  })
  .strict();

export const columnLayoutQuerySchema = z.object({ group: z.enum(COLUMN_GROUPS) });
export const columnLayoutSchema = z.object({
  group: z.enum(COLUMN_GROUPS),
  columns: z.array(storableText(32).min(1)).max(64).nullable().describe('in order; null shows the default'),
});
export type ColumnLayout = z.infer<typeof columnLayoutSchema>;
