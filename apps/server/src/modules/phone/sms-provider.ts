import type { PhoneProviderName } from '@spreadscope/db';

export interface SmsMessage {
  /** E.164. */
  readonly to: string;
  readonly body: string;
}

/** Sends one text message; throws {@link SmsSendError} when it cannot. */
export interface SmsProvider {
  readonly name: PhoneProviderName;
  send(message: SmsMessage): Promise<{ readonly id: string }>;
}

/**
 * Why a message did not go: `undeliverable` — the provider refuses this number (not a valid or reachable
 * mobile, the recipient opted out), so the person should try another; `unavailable` — the provider failed
 * or refused us (outage, throttling, bad credentials), so the person can only try again later.
 * `detail` is for the operator's log and never carries the number or the text.
 */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
  constructor(
    readonly kind: 'undeliverable' | 'unavailable',
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * The embedded default: nothing leaves the server. The caller hands the code to the person on screen
 * instead, labelled simulated, so a fresh install can complete the flow. Never logs the text.
 */
export function simulatedSms(): SmsProvider {
  let sent = 0;
  return {
    name: 'simulated',
    async send() {
      sent += 1;
      return { id: `simulated-${sent}` };
    },
  };
}
