import { type SmsProvider, SmsSendError } from './sms-provider.ts';

export interface TwilioOptions {
  /** AC… */
  readonly accountSid: string;
  readonly authToken: string;
  /** The sender: a Twilio number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  readonly from: string;
  /** https://api.twilio.com, or a proxy or test fake. */
  readonly apiUrl: string;
  readonly timeoutMs?: number;
}

/**
 * Twilio error codes that mean "this number cannot get the message" (the person should use another one),
 * as opposed to our account or Twilio failing. twilio.com/docs/api/errors.
 */
const UNDELIVERABLE = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21217, // number does not appear valid
  21401, // invalid phone number
  21407, // number type does not support SMS
  21408, // sending to this region is not enabled
  21608, // trial accounts reach verified numbers only
  21610, // recipient replied STOP
  21612, // unroutable
  21614, // not a mobile number
]);

/**
 * Programmable Messaging: `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded
 * `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP Basic auth with the Account SID and Auth Token;
 * 201 with the Message resource (`sid` SM…), errors as `{code, message, more_info, status}`.
 */
export function twilioSms(options: TwilioOptions): SmsProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-fA-F]{32}$/.test(options.from)
    ? { MessagingServiceSid: options.from }
    : { From: options.from };
  return {
    name: 'twilio',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: auth,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: new URLSearchParams({ To: message.to, ...sender, Body: message.body }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsSendError('unavailable', `twilio unreachable: ${(error as Error).name}`);
      }
      const text = await response.text().catch(() => '');
      let body: { sid?: unknown; code?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // An HTML error page from a proxy, say: the status tells enough.
      }
      if (response.status === 201 || response.status === 200) {
        if (typeof body.sid !== 'string') {
          throw new SmsSendError('unavailable', `twilio HTTP ${response.status} without a message sid`);
        }
        return { id: body.sid };
      }
      const code = typeof body.code === 'number' ? body.code : null;
      const detail = `twilio HTTP ${response.status}${code === null ? '' : ` error ${code}`}`;
      if (response.status === 400 && code !== null && UNDELIVERABLE.has(code)) {
        throw new SmsSendError('undeliverable', detail);
      }
      throw new SmsSendError('unavailable', detail);
    },
  };
}
