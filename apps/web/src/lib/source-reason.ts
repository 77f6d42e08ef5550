import type { TFunction } from 'i18next';

/**
 * Why the server shows simulated or replayed prices, in the user's language. The server words its reason in
 * English for its log (feeds auto-source, replay-source); the reasons it gives are few and fixed, so each is
 * read back into its parts and worded through i18n. Exchange error details inside a reason stay as the
 * exchange sent them. A reason this screen does not know yet is shown as the server wrote it.
 */
export function describeSourceReason(reason: string, t: TFunction): string {
  const text = reason.trim();
  const retry = /, trying live again in the background$/.test(text);
  const tail = retry ? t('banner.reasons.retrying') : '.';
  let match = /^no live exchange answered within ([\d.]+) s; showing simulated data/.exec(text);
  if (match) return t('banner.reasons.timeout', { seconds: match[1] }) + tail;
  if (/^no live exchange is enabled; showing simulated data/.test(text))
    return t('banner.reasons.noneEnabled') + tail;
  match = /^every live exchange failed \(all (\d+), within ([\d.]+) s: (.*)\); showing simulated data/.exec(
    text,
  );
  if (match) {
    return (
      t('banner.reasons.allFailed', { count: Number(match[1]), seconds: match[2], detail: match[3] }) + tail
    );
  }
  match = /^tape ended at ([^;]+)(?:; (.*))?; the clock stays at the last event$/.exec(text);
  if (match) return t('banner.reasons.tapeEnded', { at: match[1] });
  return text;
}
