/** An address fit for a log line: enough to recognise it, not enough to harvest it (t***@example.com). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
