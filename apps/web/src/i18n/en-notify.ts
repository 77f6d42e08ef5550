/** Notification delivery: the toasts of alerts, Web Push, Telegram setup and the list of what was sent. */
export const notifyEn = {
  heading: 'Notifications',
  lead: 'Where your alerts reach you: a toast in open tabs, a push notification from the installed app, Telegram and email.',
  open: 'Open',
  push: {
    title: 'Browser and app notifications',
    enable: 'Turn on notifications in this browser',
    disable: 'Turn off in this browser',
    on: 'On in this browser. Alerts appear even when no Spreadscope tab is open.',
    off: 'Off in this browser.',
    denied:
      'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
    unsupported: 'This browser cannot receive push notifications.',
    ios: 'On iPhone and iPad, add Spreadscope to the Home Screen first (Share → Add to Home Screen), open it from there, then turn notifications on.',
    failed: 'Could not turn notifications on. Please try again.',
    enabled: 'Notifications are on in this browser.',
    disabled: 'Notifications are off in this browser.',
    devices: 'Browsers receiving push: {{count}}',
  },
  telegram: {
    title: 'Telegram',
    steps:
      'Open {{bot}} in Telegram and send /start. The bot answers with your chat ID: enter it in the Telegram field of your alert.',
    stepsNoBot:
      'Send /start to the alert bot in Telegram. It answers with your chat ID: enter it in the Telegram field of your alert.',
    simulated:
      'No bot is configured on this server (simulated): Telegram messages are kept in the server’s local outbox and listed below.',
  },
  email: {
    title: 'Email',
    live: 'Alerts go to your account’s email address.',
    simulated:
      'No mail server is configured (simulated): mail is kept in the server’s local outbox and listed below.',
  },
  recent: {
    title: 'Recently sent',
    empty: 'Nothing sent yet.',
    channel: { telegram: 'Telegram', email: 'Email', toast: 'Toast / push' },
    state: { queued: 'waiting', sending: 'sending', sent: 'sent', dead: 'failed' },
    simulated: 'simulated',
    attempts: '{{count}} tries',
  },
};
