/** Server messages of the token pages and the global search (spec §8: token not supported). */
export const TOKEN_MESSAGES_EN = {
  'token.notSupported': 'Token "{{token}}" is not supported.',
} as const;
