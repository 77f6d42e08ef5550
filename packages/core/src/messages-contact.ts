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

export const CONTACT_MESSAGES_KO: Record<keyof typeof CONTACT_MESSAGES_EN, string> = {
  'contact.inquiryRequired': '문의 내용을 입력해 주세요',
  'contact.inquiryTooLong': '문의 내용이 너무 깁니다({{max}}자 이하).',
  'contact.telegramInvalid': '텔레그램 사용자명을 입력해 주세요. 예: @spreadscope (영문·숫자·_ 5~32자)',
  'contact.tooMany': '이 주소에서 보낸 문의가 너무 많습니다. {{minutes}}분 후 다시 시도해 주세요.',
  'contact.mailSubject': '[Spreadscope] {{email}} 님의 새 문의',
};
