import type { searchEn } from './en-search.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** 통합 검색 팔레트의 한국어 문구 (ko-tokens.ts 외에 더한 것). */
export const searchKo: Widen<typeof searchEn> = {
  searchPalette: {
    off: '{{type}} 꺼짐: {{reason}}',
  },
};
