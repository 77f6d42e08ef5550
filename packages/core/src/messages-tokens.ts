/** Server messages of the token pages and the global search (spec §8: token not supported). */
export const TOKEN_MESSAGES_EN = {
  'token.notSupported': 'Token "{{token}}" is not supported.',
} as const;

export const TOKEN_MESSAGES_KO: Record<keyof typeof TOKEN_MESSAGES_EN, string> = {
  'token.notSupported': '지원하지 않는 토큰입니다: "{{token}}"',
};
