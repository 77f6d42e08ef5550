/**
 * Messages of notification delivery: what the Telegram bot answers to /start, the alert mail's frame, and
 * the link under a Telegram alert. Merged into the server catalogue in messages.ts.
 */
export const NOTIFY_MESSAGES_EN = {
  'notify.openLink': 'Open in Spreadscope',
  'notify.telegramStart':
    'Hello! Your Telegram chat ID is {{chatId}}.\nCopy it into the Telegram field of your Spreadscope alert, and alerts will arrive in this chat.',
  'notify.telegramStartGroup':
    'This chat’s ID is {{chatId}}. Copy it into the Telegram field of your Spreadscope alert, and alerts will arrive in this group.',
  'notify.mailFooter':
    'You receive this mail because an alert you set on Spreadscope asked for it. Change or pause your alerts: {{link}}',
  'notify.mailOpen': 'Open in Spreadscope',
  'notify.noReceiver': 'no open tab or installed app to show it',
  'notify.noVerifiedEmail': 'the account’s email address is not verified',
} as const;

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
