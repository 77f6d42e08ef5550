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
