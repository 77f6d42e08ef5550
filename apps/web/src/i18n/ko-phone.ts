import type { phoneEn } from './en-phone.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const phoneKo: Shape<typeof phoneEn> = {
  heading: '휴대폰 번호',
  lead: '계정에 휴대폰 번호를 연결합니다. 본인 번호인지 확인하려고 문자로 일회용 인증번호를 보냅니다.',
  simulated:
    '문자 발송 시뮬레이션: 이 서버에는 문자 발송 서비스가 설정되어 있지 않아 실제 문자를 보내지 않고, 인증번호를 이 화면에 보여 드립니다.',
  simulatedCode: '시뮬레이션 문자 — 인증번호는 {{code}} 입니다',
  simulatedBadge: '시뮬레이션',
  none: '연결된 휴대폰 번호가 없습니다.',
  linked: '연결된 번호',
  linkedAt: '{{time}} 인증',
  number: '휴대폰 번호',
  numberPlaceholder: '010-1234-5678',
  numberHint: '국내 휴대폰 번호, 또는 국가 번호를 붙인 해외 번호(+1 …, +44 …)를 입력하세요.',
  send: '인증번호 받기',
  sending: '보내는 중…',
  sentTo: '{{number}}(으)로 {{length}}자리 인증번호를 보냈습니다. {{time}}까지 입력해 주세요.',
  code: '인증번호',
  confirm: '확인',
  resend: '인증번호 다시 받기',
  resendIn: '{{seconds}}초 후 다시 받기',
  otherNumber: '다른 번호 입력',
  change: '번호 변경',
  cancel: '취소',
  remove: '연결 해제',
  removeConfirm: '{{number}} 번호를 계정에서 해제할까요?',
  removed: '휴대폰 번호 연결을 해제했습니다.',
  done: '휴대폰 번호가 연결되었습니다.',
  attemptsLeft: '{{count}}번 더 입력할 수 있습니다',
};
