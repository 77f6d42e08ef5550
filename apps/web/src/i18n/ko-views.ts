import type { viewsEn } from './en-views.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** 저장한 표 보기(필터 프리셋, 바로가기)의 한국어 문구. */
export const viewsKo: Widen<typeof viewsEn> = {
  views: {
    label: '저장한 보기',
    shortcutsLabel: '바로가기',
    open: '저장한 필터',
    count: '{{count}}/{{max}}',
    nameLabel: '보기 이름',
    namePlaceholder: '예: 김프 큰 코인, 업비트 원화',
    save: '지금 필터 저장',
    empty: '저장한 필터가 없습니다. 위에서 필터를 고르고 이름을 붙여 저장하세요.',
    apply: '적용',
    applyNamed: '“{{name}}” 적용',
    remove: '삭제',
    removeNamed: '“{{name}}” 삭제',
    shortcutOn: '“{{name}}”을 바로가기에 추가',
    shortcutOff: '“{{name}}”을 바로가기에서 빼기',
    saved: '“{{name}}”을 저장했습니다.',
    replaced: '“{{name}}”을 새 필터로 바꿨습니다.',
    removed: '“{{name}}”을 삭제했습니다.',
    active: '지금 보고 있는 보기',
    presetsFull: '필터는 표마다 최대 {{max}}개까지 저장할 수 있습니다. 하나를 지우고 다시 저장해 주세요.',
    shortcutsFull: '바로가기는 표마다 최대 {{max}}개까지 둘 수 있습니다.',
    nameRequired: '보기 이름을 입력해 주세요.',
    onAccount: '계정에 저장되어 어느 기기에서나 보입니다.',
    onDevice: '이 브라우저에만 저장됩니다. 로그인하면 모든 기기에서 볼 수 있습니다.',
    close: '닫기',
  },
};
