import { z } from 'zod';

const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * Who runs this installation (the about pages, the footer, the help panel) and the channels visitors reach
 * them on. Merged into the server's config schema; README lists them. Unset values fall back to built-in
 * text that speaks of "the operator" without a name.
 */
export const siteEnv = {
  OPERATOR_NAME: z.string().trim().min(1).max(120).default('Spreadscope'),
  OPERATOR_URL: z.url().optional(),
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_ADDRESS: optionalText(300),
  OPERATOR_REGISTRATION: optionalText(80),
  OPERATOR_ABOUT_KO: optionalText(4_000),
  OPERATOR_ABOUT_EN: optionalText(4_000),
  SUPPORT_TELEGRAM_URL: z.url().optional(),
  SUPPORT_KAKAO_URL: z.url().optional(),
};

export interface SiteConfig {
  readonly OPERATOR_NAME: string;
  readonly OPERATOR_URL?: string | undefined;
  readonly OPERATOR_EMAIL?: string | undefined;
  readonly OPERATOR_ADDRESS?: string | undefined;
  readonly OPERATOR_REGISTRATION?: string | undefined;
  readonly OPERATOR_ABOUT_KO?: string | undefined;
  readonly OPERATOR_ABOUT_EN?: string | undefined;
  readonly SUPPORT_TELEGRAM_URL?: string | undefined;
  readonly SUPPORT_KAKAO_URL?: string | undefined;
}
