/**
 * A connection URL safe to print: the password is replaced so logs and error messages never carry it.
 * Unparseable input is withheld entirely, since we cannot tell where a password would be.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '<unparseable database url>';
  }
  if (parsed.password !== '') parsed.password = '***';
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|secret|key/i.test(key)) parsed.searchParams.set(key, '***');
  }
  return parsed.toString();
}
