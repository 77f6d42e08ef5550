/**
 * Korean initial-consonant (초성) search: Korean users type ㅂㅌㅋㅇ for 비트코인, the way every Korean app's
 * search box accepts. A precomposed syllable U+AC00…U+D7A3 is (initial × 21 + medial) × 28 + final, so its
 * initial is one division away; no dictionary is needed.
 */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const PER_INITIAL = 21 * 28;

/** The initial consonants of a text: each Hangul syllable becomes its 초성, other characters are dropped. */
export function choseongOf(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST) {
      out += INITIALS[Math.floor((code - SYLLABLE_FIRST) / PER_INITIAL)];
    } else if (INITIALS.includes(char)) {
      out += char;
    }
  }
  return out;
}

/** Whether a search text is made of initial consonants only (spaces ignored): ㅂㅌㅋㅇ, ㅇㄷ ㄹㅇ. */
export function isChoseongQuery(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  return compact.length > 0 && [...compact].every((char) => INITIALS.includes(char));
}

/**
 * Whether a name answers an initial-consonant query: the query's consonants appear in order, contiguously, in
 * the name's initials (ㅂㅌ finds 비트코인 and 비트코인캐시, not 이더리움).
 */
export function matchesChoseong(name: string, query: string): boolean {
  const wanted = query.replace(/\s+/g, '');
  return wanted !== '' && choseongOf(name).includes(wanted);
}
