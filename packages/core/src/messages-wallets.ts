/** Server messages of wallet status and the exchanges pages, in both languages. */

export const WALLET_MESSAGES_EN = {
  'wallets.notSupported':
    'Wallet info not supported for the token {{token}}: no exchange lists it or reports its networks.',
  'icons.badName':
    'Invalid icon name "{{name}}": use letters, digits, dots, dashes or underscores (at most 40).',
} as const;
