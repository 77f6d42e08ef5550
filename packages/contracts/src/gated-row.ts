import { z } from 'zod';
import { venueIdSchema } from './common.ts';

/**
 * A row of a premium or arbitrage table the caller may not read (spec §6: "Login to see" / "Sign up" on
 * gated rows). It keeps its place and says which token and markets it is about, and nothing priced:
 *
 * - `login`: a visitor's view of the table's best opportunities (the top rows by the table's own ranking).
 * - `upgrade`: a DEX row shown to a signed-in plan without DEX data that asked for DEX venues.
 *
 * Gated rows travel beside `data`, not in it, so every row of `data` stays a full row: a client that shows
 * them puts each at `position` (its index in the page once merged); one that ignores them shows a shorter page.
 */
const gatedLegSchema = z.object({
  exchange: venueIdSchema,
  market: z.enum(['spot', 'perp']),
  quote: z.string(),
});

export const ROW_GATES = ['login', 'upgrade'] as const;
export const rowGateSchema = z.enum(ROW_GATES);
export type RowGate = z.infer<typeof rowGateSchema>;

export const gatedRowSchema = z.object({
  position: z
    .number()
    .int()
    .nonnegative()
    .describe('index of this row in the page once gated rows are merged into data, in ascending order'),
  id: z.string().describe('the id the full row has'),
  base: z.string(),
  source: gatedLegSchema,
  target: gatedLegSchema,
  gated: rowGateSchema.describe('login: sign in to see it; upgrade: a plan with DEX data shows it'),
});
export type GatedRow = z.infer<typeof gatedRowSchema>;

export const gatedRowsField = z
  .array(gatedRowSchema)
  .optional()
  .describe('rows of this page the caller may not read, with their place in it (absent when none)');

export { isGatedRow, mergeGatedRows } from './wire-constants.ts';
