/**
 * Messages of accounts, plans and mail (spec §8 auth messages word for word in English). Merged into the
 * server catalogue in messages.ts, so they are translated and typed like every other server message.
 */
export const AUTH_MESSAGES_EN = {
  'auth.invalidCredentials': 'Invalid email or password.',
  'auth.userNotFound': 'User not found.',
  'auth.invalidToken': 'Invalid token.',
  'auth.emailExists': 'Email already exists.',
  'auth.wrongPassword': 'Wrong password.',
  'auth.passwordNotMatched': 'Password not matched.',
  'auth.accountNotActivated':
    'Account not activated. Please check your email to activate your account and try again.',
  'auth.verificationExpired': 'Verification token expired. A new activation email has been sent.',
  'auth.samePassword': 'Same password.',
  'auth.emailSendFailed': 'Failed to send email.',
  'auth.emailNotVerified': 'Email not verified.',
  'auth.googleAccount': 'You have signed up with Google.',
  'auth.invalidEmail': 'Please enter a valid email address.',
  'auth.passwordLength': 'Use 8 to 128 characters.',
  'auth.passwordNumber': 'Include at least one number.',
  'auth.passwordSpecial': 'Include at least one special character.',
  'auth.termsRequired': 'Please accept the terms of service and the privacy policy.',
  'auth.referralValid': 'Correct referral code entered.',
  'auth.referralInvalid': 'Invalid referral code. Please check again.',
  'auth.referralSelf': 'You cannot use your own referral code.',
  'auth.referralRepeat': 'You have already signed up with this referral code.',
  'auth.displayNameInvalid': 'Display name must be 1 to 40 characters.',
  'auth.unauthenticated': 'Please sign in to continue.',
  'auth.crossSite': 'This request came from another site and was refused.',
  'auth.googleDisabled': 'Sign-in with Google is not set up on this server.',
  'auth.googleFailed': 'Google sign-in did not complete. Please try again.',
  'auth.googleSignupRequired':
    'No account uses this Google address yet. Sign up first, accepting the terms and privacy policy.',
  'auth.verified': 'Your email is verified. You can sign in now.',
  'auth.alreadyVerified': 'This email is already verified. You can sign in.',
  'plan.upgradeRequired': 'Your plan ({{plan}}) does not include this. It is available from {{required}}.',
  'limit.pins': 'You can pin up to {{max}} items.',
  'limit.pinsFree': 'The Free plan can pin up to {{max}} items. Upgrade to pin up to {{paidMax}}.',
  'limit.ownedTokens': 'You can register up to {{max}} owned tokens.',
  'limit.filterPresets': 'You can save up to {{max}} filter presets per table. Delete one to save another.',
  'limit.shortcuts': 'You can keep up to {{max}} shortcuts per table.',
  'limit.alerts': 'You can keep up to {{max}} alerts.',
  'limit.alertsFree': 'The Free plan can keep {{max}} alert. Upgrade to keep up to {{paidMax}}.',
  'limit.apiKeys': 'You can keep up to {{max}} active API keys.',
  'apiKey.invalid': 'Invalid API key.',
  'apiKey.notFound': 'API key not found.',
  'apiKey.required': 'This call needs an API key (header X-API-Key or Authorization: Bearer).',
  'apiKey.nameInvalid': 'Name the key with 1 to 60 characters.',
  'mail.verifySubject': 'Activate your Spreadscope account',
  'mail.verifyBody':
    'Hello {{name}},\n\nOpen this link to activate your Spreadscope account:\n{{link}}\n\nThe link works for {{hours}} hours. If you did not sign up, you can ignore this email.',
  'mail.resetSubject': 'Reset your Spreadscope password',
  'mail.resetBody':
    'Hello {{name}},\n\nOpen this link to choose a new password:\n{{link}}\n\nThe link works for {{minutes}} minutes and only once. If you did not ask for it, ignore this email; your password stays as it is.',
  'mail.passwordChangedSubject': 'Your Spreadscope password was changed',
  'mail.passwordChangedBody':
    'Hello {{name}},\n\nThe password of your Spreadscope account was changed and every other session was signed out. If this was not you, reset your password now:\n{{link}}',
} as const;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES_EN;
