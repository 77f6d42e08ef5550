import { CANDIDATE_TARGETS } from '@spreadscope/core';
import { z } from 'zod';
import { dataSourceSchema } from './common.ts';

/** Spec §7 `listing/predicted`: tokens likely to list next on Upbit or Bithumb, each with its reasons. */

export const candidateTargetSchema = z.enum(CANDIDATE_TARGETS);

export const listingPredictedQuerySchema = z.object({
  exchange: candidateTargetSchema.default('upbit').describe('the venue the candidates would list on'),
  limit: z.coerce.number().min(1).max(200).int().default(50),
});
export type ListingPredictedQuery = z.infer<typeof listingPredictedQuerySchema>;

export const candidateReasonSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('korean_listing'),
    exchange: candidateTargetSchema.describe('the other big Korean venue, which lists it'),
    quotes: z.array(z.string()).describe('its quote markets there'),
    since: z.number().nullable().describe('when trading was seen starting there; null when not recorded'),
  }),
  z.object({
    kind: z.literal('overseas_volume'),
    volumeUsd: z.number().describe('24 h spot volume on overseas venues, USD'),
    venues: z.number().describe('overseas venues with a spot market for it'),
  }),
  z.object({
    kind: z.literal('networks'),
    networks: z.array(z.string()).describe('chains it moves on that the target already runs wallets on'),
  }),
  z.object({
    kind: z.literal('telegram_mentions'),
    h24: z.number().describe('posts mentioning it in the last 24 h'),
    dailyAvg7d: z.number().describe('mean posts a day over the 6 days before'),
    ratio: z.number().nullable().describe('h24 / dailyAvg7d; null for a first burst'),
  }),
  z.object({
    kind: z.literal('naver_search'),
    recent: z.number().describe('Naver search interest, mean of the last 3 days'),
    before: z.number().describe('mean of the 14 days before'),
    rise: z.number().describe('recent / before − 1'),
  }),
]);
export type CandidateReasonDto = z.infer<typeof candidateReasonSchema>;

export const listingCandidateSchema = z.object({
  base: z.string(),
  nameKo: z.string().nullable(),
  nameEn: z.string().nullable(),
  reasons: z.array(candidateReasonSchema).min(1),
  overseasVolumeUsd: z.number(),
});
export type ListingCandidateDto = z.infer<typeof listingCandidateSchema>;

export const listingPredictedResponseSchema = z.object({
  exchange: candidateTargetSchema,
  data: z.array(listingCandidateSchema),
  total: z.number().describe('candidates before the limit'),
  order: z
    .string()
    .describe('the ordering rule: more reasons, the other Korean venue lists it, overseas volume, ticker'),
  trends: z.object({
    telegram: z.boolean().describe('Telegram mention counts were available'),
    naver: z.boolean().describe('Naver search interest was available'),
  }),
  updatedAt: z.number(),
  simulated: z.boolean(),
  dataSource: dataSourceSchema,
});
export type ListingPredictedResponse = z.infer<typeof listingPredictedResponseSchema>;
