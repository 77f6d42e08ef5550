/**
 * Phone numbers as people type them, turned into E.164 (+821012345678), the form SMS providers take.
 *
 * Korea is the home market: a number without a country code is read as Korean, and Korean numbers are
 * checked to be mobile (010, and the older 011/016/017/018/019), since only those receive the code. North
 * American numbers are checked against the NANP plan; other countries get E.164's own limits (country code
 * and number, 8–15 digits, no leading 0), and the provider refuses what cannot be reached.
 */
export type ParsedPhone =
  | { readonly ok: true; readonly e164: string }
  | { readonly ok: false; readonly reason: 'invalid' | 'notMobile' };

/** Spaces (also the no-break ones a copied number brings), hyphens, dots, brackets and slashes. */
const SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212.()/-]/g;

const KR_MOBILE = /^(?:10\d{8}|1[16789]\d{7,8})$/;
/** Seoul 02, regional 031–064, 070 internet phones, 050x, 080 and 1588-style numbers: not mobiles. */
const KR_OTHER = /^(?:[2-8]\d{6,9}|1[2-9]\d{5,7})$/;
const NANP = /^[2-9]\d{2}[2-9]\d{6}$/;

export function parsePhoneNumber(input: string): ParsedPhone {
  const compact = input.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return { ok: false, reason: 'invalid' };
  let international: string;
  if (compact.startsWith('+')) international = compact.slice(1);
  else if (compact.startsWith('00')) international = compact.slice(2);
  else if (compact.startsWith('0')) international = `82${compact.slice(1)}`;
  else if (compact.startsWith('82') && KR_MOBILE.test(compact.slice(2))) international = compact;
  else return { ok: false, reason: 'invalid' };

  if (international.startsWith('82')) {
    // "+82 010-…" is common: the trunk 0 does not belong after the country code.
    const national = international.slice(2).replace(/^0/, '');
    if (KR_MOBILE.test(national)) return { ok: true, e164: `+82${national}` };
    return { ok: false, reason: KR_OTHER.test(national) ? 'notMobile' : 'invalid' };
  }
  if (international.startsWith('1')) {
    const national = international.slice(1);
    return NANP.test(national) ? { ok: true, e164: `+1${national}` } : { ok: false, reason: 'invalid' };
  }
  if (!/^[2-9]\d{7,14}$/.test(international)) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: `+${international}` };
}

/** What a page shows of a number: enough for its owner to recognise it, little for anyone else. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const last4 = digits.slice(-4);
  if (digits.startsWith('82')) {
    const national = digits.slice(2);
    const middle = '*'.repeat(national.length - 6);
    return `+82 ${national.slice(0, 2)}-${middle}-${last4}`;
  }
  if (digits.startsWith('1')) return `+1 ***-***-${last4}`;
  return `+${digits.slice(0, 2)} ${'*'.repeat(Math.max(digits.length - 6, 2))}${last4}`;
}
