/**
 * Messages of phone linking (spec §3 User): the API's errors and the text message that carries the code.
 * Merged into the server catalogue in messages.ts.
 */
export const PHONE_MESSAGES_EN = {
  'phone.invalid': 'Enter a mobile number, such as 010-1234-5678 or +82 10-1234-5678.',
  'phone.notMobile': 'This is not a mobile number, so it cannot receive the code by text message.',
  'phone.undeliverable': 'Text messages cannot be delivered to this number. Check it or use another one.',
  'phone.alreadyLinked': 'This number is already linked to your account.',
  'phone.taken': 'This number is linked to another account. Remove it there first.',
  'phone.cooldown': 'A code was just sent. You can ask for another one in {{seconds}} s.',
  'phone.tooManySends': 'Too many codes were requested. Try again in {{minutes}} min.',
  'phone.tooManyConfirms': 'Too many codes were tried from your address. Try again in {{minutes}} min.',
  'phone.noCode': 'Request a code first.',
  'phone.codeFormat': 'Enter the 6-digit code from the text message.',
  'phone.wrongCode': 'The code is not correct. {{left}} more tries.',
  'phone.tooManyAttempts': 'Too many wrong codes. Request a new code.',
  'phone.codeExpired': 'The code has expired. Request a new one.',
  'phone.smsUnavailable': 'The code could not be sent right now. Please try again in a few minutes.',
  'phone.notLinked': 'No phone number is linked to this account.',
  'phone.smsBody':
    '[Spreadscope] Your verification code is {{code}}. It expires in {{minutes}} minutes. Never share it with anyone.',
} as const;
