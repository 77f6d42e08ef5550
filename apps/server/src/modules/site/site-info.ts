import type { SiteInfo } from '@spreadscope/contracts';
import type { SiteConfig } from './site-env.ts';

/** What the web app shows about the operator; an about text given in one language serves both. */
export function siteInfoFrom(config: SiteConfig): SiteInfo {
  const ko = config.OPERATOR_ABOUT_KO ?? config.OPERATOR_ABOUT_EN;
  const en = config.OPERATOR_ABOUT_EN ?? config.OPERATOR_ABOUT_KO;
  return {
    operator: {
      name: config.OPERATOR_NAME,
      url: config.OPERATOR_URL ?? null,
      email: config.OPERATOR_EMAIL ?? null,
      address: config.OPERATOR_ADDRESS ?? null,
      registration: config.OPERATOR_REGISTRATION ?? null,
      about: ko !== undefined && en !== undefined ? { ko, en } : null,
    },
    channels: {
      telegram: config.SUPPORT_TELEGRAM_URL ?? null,
      kakao: config.SUPPORT_KAKAO_URL ?? null,
    },
  };
}

export const DEFAULT_SITE_INFO: SiteInfo = siteInfoFrom({ OPERATOR_NAME: 'Spreadscope' });
