import type { PHONE_MESSAGES_EN } from './messages-phone.ts';

/** The Korean of messages-phone.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const PHONE_MESSAGES_KO: Record<keyof typeof PHONE_MESSAGES_EN, string> = {
  'phone.invalid': '휴대폰 번호를 정확히 입력해 주세요. 예: 010-1234-5678 또는 +82 10-1234-5678',
  'phone.notMobile': '휴대폰 번호가 아니어서 문자로 인증번호를 받을 수 없습니다.',
  'phone.undeliverable': '이 번호로는 문자를 보낼 수 없습니다. 번호를 확인하거나 다른 번호를 입력해 주세요.',
  'phone.alreadyLinked': '이미 이 계정에 연결된 번호입니다.',
  'phone.taken': '다른 계정에 연결된 번호입니다. 그 계정에서 먼저 해제해 주세요.',
  'phone.cooldown': '방금 인증번호를 보냈습니다. {{seconds}}초 후 다시 요청할 수 있습니다.',
  'phone.tooManySends': '인증번호 요청이 너무 많습니다. {{minutes}}분 후 다시 시도해 주세요.',
  'phone.tooManyConfirms':
    '이 주소에서 입력한 인증번호가 너무 많습니다. {{minutes}}분 후 다시 시도해 주세요.',
  'phone.noCode': '먼저 인증번호를 요청해 주세요.',
  'phone.codeFormat': '문자로 받은 6자리 인증번호를 입력해 주세요.',
  'phone.wrongCode': '인증번호가 맞지 않습니다. {{left}}번 더 입력할 수 있습니다.',
  'phone.tooManyAttempts': '인증번호를 너무 많이 틀렸습니다. 인증번호를 다시 요청해 주세요.',
  'phone.codeExpired': '인증번호가 만료되었습니다. 다시 요청해 주세요.',
  'phone.smsUnavailable': '지금은 인증번호를 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.',
  'phone.notLinked': '이 계정에 연결된 휴대폰 번호가 없습니다.',
  'phone.smsBody':
    '[Spreadscope] 인증번호 [{{code}}]를 입력해 주세요. {{minutes}}분 동안 유효합니다. 타인에게 절대 알려 주지 마세요.',
};
