import { z } from 'zod';
import { storableText } from './common.ts';

/**
 * POST /api/v1/contact (spec §5 contact form) and GET /api/v1/front/site (who runs this installation and
 * where to reach them). The form's rules (valid email, optional Telegram handle, inquiry required) are
 * checked by the server with catalogue messages, so the schema only bounds sizes and types: every field may
 * be missing and is then reported with the spec's wording, `param` naming it.
 */
export const contactRequestSchema = z.object({
  email: storableText(320).optional(),
  telegram: storableText(200).optional(),
  inquiry: storableText(20_000).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  id: z.string(),
  receivedAt: z.number().describe('epoch ms'),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

const localized = z.object({ ko: z.string(), en: z.string() });

export const siteInfoSchema = z.object({
  operator: z.object({
    name: z.string().describe('OPERATOR_NAME'),
    url: z.string().nullable().describe('OPERATOR_URL'),
    email: z.string().nullable().describe('OPERATOR_EMAIL'),
    address: z.string().nullable().describe('OPERATOR_ADDRESS'),
    registration: z.string().nullable().describe('OPERATOR_REGISTRATION: business registration number'),
    about: localized.nullable().describe('OPERATOR_ABOUT_KO / OPERATOR_ABOUT_EN; null: the built-in text'),
  }),
  channels: z.object({
    telegram: z.string().nullable().describe('SUPPORT_TELEGRAM_URL'),
    kakao: z.string().nullable().describe('SUPPORT_KAKAO_URL'),
  }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
