import {
  CONVERSION_BASES,
  CURRENCIES,
  DATA_SOURCE_MODES,
  isStorableText,
  type MessageKey,
  UPDATE_INTERVALS,
  VENUE_IDS,
} from '@spreadscope/core';
import { z } from 'zod';

/**
 * Every free-text field a client sends that can reach the database (body, path or query): bounded, and
 * refused with 400 when it holds a NUL or an unpaired surrogate (see isStorableText), before any handler
 * runs. Use this, not bare z.string(), in request schemas.
 */
export const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isStorableText, { message: 'validation.unstorableText' satisfies MessageKey, abort: true });

export const venueIdSchema = z.enum(VENUE_IDS);
export const currencySchema = z.enum(CURRENCIES);
export const conversionBaseSchema = z.enum(CONVERSION_BASES);
export const updateIntervalSchema = z.enum(UPDATE_INTERVALS);
export const sortOrderSchema = z.enum(['asc', 'desc']);

/** Every error the API returns: a machine code, a message in the caller's language, the offending parameter. */
export const errorResponseSchema = z.object({
  error: z.string().describe('machine-readable code, e.g. invalid_parameter'),
  message: z.string().describe('human-readable, in the language of Accept-Language (ko default)'),
  param: z.string().optional().describe('the query parameter or field at fault'),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const dataSourceSchema = z.object({
  mode: z.enum(DATA_SOURCE_MODES).describe('where prices come from right now'),
  requested: z.string().describe('the MARKET_SOURCE the operator configured'),
  since: z.number().describe('epoch ms when this mode began'),
  reason: z.string().nullable().describe('why this mode was chosen, when it is not the one requested'),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

// Numeric query bounds go before .int() throughout: a huge value (1e20) also fails int()'s safe-integer range, and
// the first issue is the one the caller reads ("at most 500", not "at most 9007199254740991"). query-bounds.test.ts
// holds every exported query schema to it.
export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(500).int().default(100),
};

/**
 * Paging of reference lists (networks, symbols): pages large enough that one page holds what a client
 * usually wants, `total` saying whether more remain.
 */
export const listPageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().min(1).max(5_000).int().default(1_000),
};
export const listPageFields = {
  page: z.number(),
  limit: z.number(),
  total: z.number().describe('entries across all pages'),
};

/** Query strings carry booleans as text; only these spellings are accepted. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
