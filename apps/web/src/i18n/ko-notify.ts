import type { notifyEn } from './en-notify.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const notifyKo: Shape<typeof notifyEn> = {
  heading: '알림 받기',
  lead: '알림이 도착하는 곳: 열린 탭의 토스트, 설치한 앱의 푸시 알림, 텔레그램, 이메일.',
  open: '열기',
  push: {
    title: '브라우저·앱 알림',
    enable: '이 브라우저에서 알림 켜기',
    disable: '이 브라우저에서 끄기',
    on: '이 브라우저에서 켜져 있습니다. Spreadscope 탭이 닫혀 있어도 알림이 옵니다.',
    off: '이 브라우저에서는 꺼져 있습니다.',
    denied: '이 사이트의 알림이 차단되어 있습니다. 브라우저의 사이트 설정에서 허용한 뒤 다시 시도하세요.',
    unsupported: '이 브라우저는 푸시 알림을 받을 수 없습니다.',
    ios: 'iPhone·iPad에서는 먼저 Spreadscope를 홈 화면에 추가하고(공유 → 홈 화면에 추가) 홈 화면의 앱에서 알림을 켜 주세요.',
    failed: '알림을 켜지 못했습니다. 다시 시도해 주세요.',
    enabled: '이 브라우저에서 알림을 켰습니다.',
    disabled: '이 브라우저에서 알림을 껐습니다.',
    devices: '푸시를 받는 브라우저: {{count}}개',
  },
  telegram: {
    title: '텔레그램',
    steps:
      '텔레그램에서 {{bot}} 을(를) 열고 /start 를 보내세요. 봇이 알려 주는 채팅 ID를 알림 설정의 텔레그램 칸에 넣으면 됩니다.',
    stepsNoBot:
      '텔레그램에서 알림 봇에게 /start 를 보내세요. 봇이 알려 주는 채팅 ID를 알림 설정의 텔레그램 칸에 넣으면 됩니다.',
    simulated:
      '이 서버에는 봇이 설정되어 있지 않습니다(시뮬레이션). 텔레그램 메시지는 서버의 로컬 보관함에 쌓이고 아래 목록에 보입니다.',
  },
  email: {
    title: '이메일',
    live: '알림은 계정 이메일 주소로 갑니다.',
    simulated:
      '메일 서버가 설정되어 있지 않습니다(시뮬레이션). 메일은 서버의 로컬 보관함에 쌓이고 아래 목록에 보입니다.',
  },
  recent: {
    title: '최근 보낸 알림',
    empty: '아직 보낸 알림이 없습니다.',
    channel: { telegram: '텔레그램', email: '이메일', toast: '토스트·푸시' },
    state: { queued: '대기', sending: '보내는 중', sent: '전송됨', dead: '실패' },
    simulated: '시뮬레이션',
    attempts: '{{count}}회 시도',
  },
};
