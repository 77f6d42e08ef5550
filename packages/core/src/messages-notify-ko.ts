import type { NOTIFY_MESSAGES_EN } from './messages-notify.ts';

/** The Korean of messages-notify.ts, a module of its own: a bundle for Korean readers leaves the English out. */
export const NOTIFY_MESSAGES_KO: Record<keyof typeof NOTIFY_MESSAGES_EN, string> = {
  'notify.openLink': 'Spreadscope에서 보기',
  'notify.telegramStart':
    '안녕하세요! 회원님의 텔레그램 채팅 ID는 {{chatId}} 입니다.\nSpreadscope 알림 설정의 텔레그램 칸에 이 번호를 넣으면 이 대화방으로 알림이 옵니다.',
  'notify.telegramStartGroup':
    '이 대화방의 채팅 ID는 {{chatId}} 입니다. Spreadscope 알림 설정의 텔레그램 칸에 넣으면 이 그룹으로 알림이 옵니다.',
  'notify.mailFooter':
    'Spreadscope에서 설정하신 알림 조건에 따라 보내 드리는 메일입니다. 알림 변경·일시정지: {{link}}',
  'notify.mailOpen': 'Spreadscope에서 보기',
  'notify.noReceiver': '알림을 띄울 열린 탭이나 설치된 앱이 없습니다',
  'notify.noVerifiedEmail': '계정 이메일 인증이 완료되지 않았습니다',
};
