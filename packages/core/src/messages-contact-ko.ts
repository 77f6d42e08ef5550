import type { CONTACT_MESSAGES_EN } from './messages-contact.ts';

/** The Korean of messages-contact.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const CONTACT_MESSAGES_KO: Record<keyof typeof CONTACT_MESSAGES_EN, string> = {
  'contact.inquiryRequired': '문의 내용을 입력해 주세요',
  'contact.inquiryTooLong': '문의 내용이 너무 깁니다({{max}}자 이하).',
  'contact.telegramInvalid': '텔레그램 사용자명을 입력해 주세요. 예: @spreadscope (영문·숫자·_ 5~32자)',
  'contact.tooMany': '이 주소에서 보낸 문의가 너무 많습니다. {{minutes}}분 후 다시 시도해 주세요.',
  'contact.mailSubject': '[Spreadscope] {{email}} 님의 새 문의',
};
