/**
 * Messages of the contact form (spec §5: email required, Telegram handle optional, inquiry required). The
 * email message is the sign-up one (auth.invalidEmail), so both forms read the same. Merged in messages.ts.
 */
export const CONTACT_MESSAGES_EN = {
  'contact.inquiryRequired': 'Please enter your inquiry',
  'contact.inquiryTooLong': 'Your inquiry is too long (at most {{max}} characters).',
  'contact.telegramInvalid': 'Enter a Telegram username such as @spreadscope (5–32 letters, digits or _).',
  'contact.tooMany': 'Too many inquiries from your address. Please try again in {{minutes}} min.',
  'contact.mailSubject': '[Spreadscope] New inquiry from {{email}}',
} as const;
