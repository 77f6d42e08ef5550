import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PhoneStatus, PhoneVerificationStarted } from '@spreadscope/contracts';
import { type Language, translate } from '@spreadscope/core';
import type { PendingPhone, PhoneRepository } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import { maskPhoneNumber, parsePhoneNumber } from './phone-number.ts';
import { PHONE_RULES, type PhoneRules } from './phone-rules.ts';
import { type SmsProvider, SmsSendError } from './sms-provider.ts';

/** A limit the routes count (per account, per address, per number); `retryAfterSeconds` when it is spent. */
export type Limit = (kind: 'account' | 'ip' | 'number' | 'confirm', key: string) => Promise<number | null>;

export interface PhoneServiceOptions {
  readonly repository: PhoneRepository;
  readonly sms: SmsProvider;
  readonly now?: () => number;
  readonly rules?: Partial<PhoneRules>;
  readonly log: { warn(message: string): void };
}

/** 429 with the wait in Retry-After (the route copies `retryAfter` into the header). */
export class PhoneLimitError extends ApiError {
  constructor(
    code: string,
    key: 'phone.cooldown' | 'phone.tooManySends' | 'phone.tooManyConfirms' | 'phone.tooManyAttempts',
    readonly retryAfter: number,
  ) {
    super(429, code, key, { seconds: retryAfter, minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
  }
}

function hashCode(salt: string, userId: string, e164: string, code: string): string {
  return createHmac('sha256', salt).update(`${userId}\n${e164}\n${code}`).digest('base64url');
}

/**
 * Phone linking (spec §3 User): a number is linked once its owner types the one-time code sent to it.
 * Codes are stored hashed, expire, allow a few tries and can be re-sent after a cooldown; the routes add
 * the per-account, per-address and per-number send limits.
 */
export class PhoneService {
  readonly rules: PhoneRules;
  private readonly now: () => number;

  constructor(private readonly options: PhoneServiceOptions) {
    this.rules = { ...PHONE_RULES, ...options.rules };
    this.now = options.now ?? Date.now;
  }

  get provider(): SmsProvider['name'] {
    return this.options.sms.name;
  }

  async status(userId: string): Promise<PhoneStatus> {
    const [linked, pending] = await Promise.all([
      this.options.repository.linked(userId),
      this.options.repository.pending(userId),
    ]);
    const live = pending && pending.expiresAt > this.now() ? pending : null;
    // An expired code is of no use to anyone: it goes when its owner next looks (or asks for a new one).
    if (pending && !live) await this.options.repository.dropPending(userId);
    return {
      phone: linked
        ? { number: maskPhoneNumber(linked.e164), provider: linked.provider, verifiedAt: linked.verifiedAt }
        : null,
      pending: live ? this.presentPending(live) : null,
      provider: this.provider,
      codeLength: this.rules.codeLength,
    };
  }

  /** Sends a new code to `typed` for the account; the previous code, if any, stops working. */
  async start(
    userId: string,
    typed: string,
    language: Language,
    limit: Limit,
  ): Promise<PhoneVerificationStarted> {
    const parsed = parsePhoneNumber(typed);
    if (!parsed.ok) {
      const key = parsed.reason === 'notMobile' ? 'phone.notMobile' : 'phone.invalid';
      throw new ApiError(
        400,
        parsed.reason === 'notMobile' ? 'not_mobile' : 'invalid_phone',
        key,
        {},
        'phone',
      );
    }
    const { e164 } = parsed;
    const { repository } = this.options;
    const linked = await repository.linked(userId);
    if (linked?.e164 === e164) throw new ApiError(409, 'already_linked', 'phone.alreadyLinked', {}, 'phone');
    const now = this.now();
    const previous = await repository.pending(userId);
    if (previous && previous.sentAt + this.rules.resendCooldownMs > now) {
      const wait = Math.ceil((previous.sentAt + this.rules.resendCooldownMs - now) / 1000);
      throw new PhoneLimitError('resend_cooldown', 'phone.cooldown', wait);
    }
    for (const [kind, key] of [
      ['ip', ''],
      ['account', userId],
      ['number', e164],
    ] as const) {
      const wait = await limit(kind, key);
      if (wait !== null) throw new PhoneLimitError('rate_limited', 'phone.tooManySends', wait);
    }

    const code = randomInt(0, 10 ** this.rules.codeLength)
      .toString()
      .padStart(this.rules.codeLength, '0');
    const minutes = Math.round(this.rules.codeTtlMs / 60_000);
    try {
      await this.options.sms.send({
        to: e164,
        body: translate(language, 'phone.smsBody', { code, minutes }),
      });
    } catch (error) {
      if (!(error instanceof SmsSendError)) throw error;
      this.options.log.warn(`phone: the code was not sent (${error.kind}): ${error.detail}`);
      if (error.kind === 'undeliverable') {
        throw new ApiError(400, 'phone_undeliverable', 'phone.undeliverable', {}, 'phone');
      }
      throw new ApiError(503, 'sms_unavailable', 'phone.smsUnavailable');
    }
    const salt = randomBytes(16).toString('base64url');
    const pending = {
      userId,
      e164,
      codeHash: hashCode(salt, userId, e164, code),
      salt,
      provider: this.provider,
      sentAt: now,
      expiresAt: now + this.rules.codeTtlMs,
    };
    await repository.savePending(pending);
    return {
      pending: this.presentPending({ ...pending, attempts: 0 }),
      provider: this.provider,
      ...(this.provider === 'simulated' ? { simulatedCode: code } : {}),
    };
  }

  /** Checks the typed code; links the number when it matches. */
  async confirm(userId: string, typed: string, limit: Limit): Promise<PhoneStatus> {
    const wait = await limit('confirm', '');
    if (wait !== null) throw new PhoneLimitError('rate_limited', 'phone.tooManyConfirms', wait);
    const code = typed.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${this.rules.codeLength}}$`).test(code)) {
      throw new ApiError(400, 'invalid_code', 'phone.codeFormat', {}, 'code');
    }
    const { repository } = this.options;
    const pending = await repository.pending(userId);
    if (!pending) throw new ApiError(409, 'no_code', 'phone.noCode', {}, 'code');
    const now = this.now();
    if (pending.expiresAt <= now) {
      await repository.dropPending(userId);
      throw new ApiError(410, 'code_expired', 'phone.codeExpired', {}, 'code');
    }
    const spent = await repository.spendAttempt(userId, this.rules.maxAttempts);
    if (!spent) throw await this.attemptsUsedUp(pending, now);
    const expected = Buffer.from(spent.codeHash);
    const given = Buffer.from(hashCode(spent.salt, userId, spent.e164, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = this.rules.maxAttempts - spent.attempts;
      if (left <= 0) throw await this.attemptsUsedUp(spent, now);
      throw new ApiError(400, 'wrong_code', 'phone.wrongCode', { left }, 'code');
    }
    const result = await repository.link(userId, spent.e164, spent.provider, now);
    if (result === 'taken') throw new ApiError(409, 'phone_taken', 'phone.taken', {}, 'code');
    return this.status(userId);
  }

  /** Forgets the code the account waits for (the person wants to type another number). */
  async cancel(userId: string): Promise<void> {
    await this.options.repository.dropPending(userId);
  }

  async remove(userId: string): Promise<void> {
    if (!(await this.options.repository.unlink(userId))) {
      throw new ApiError(404, 'phone_not_linked', 'phone.notLinked');
    }
  }

  /** The code is spent: it goes, and the person may ask for a new one once the cooldown allows. */
  private async attemptsUsedUp(pending: PendingPhone, now: number): Promise<ApiError> {
    await this.options.repository.dropPending(pending.userId);
    const wait = Math.max(1, Math.ceil((pending.sentAt + this.rules.resendCooldownMs - now) / 1000));
    return new PhoneLimitError('too_many_attempts', 'phone.tooManyAttempts', wait);
  }

  private presentPending(pending: Omit<PendingPhone, 'codeHash' | 'salt'>) {
    return {
      number: maskPhoneNumber(pending.e164),
      expiresAt: pending.expiresAt,
      resendAt: pending.sentAt + this.rules.resendCooldownMs,
      attemptsLeft: this.rules.maxAttempts - pending.attempts,
    };
  }
}
