import type { TOKEN_MESSAGES_EN } from './messages-tokens.ts';

/** The Korean of messages-tokens.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const TOKEN_MESSAGES_KO: Record<keyof typeof TOKEN_MESSAGES_EN, string> = {
  'token.notSupported': '지원하지 않는 토큰입니다: "{{token}}"',
};
