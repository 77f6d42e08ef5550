import {
  emailPerson,
  isWellFormedReferralCode,
  type Language,
  normalizeEmail,
  normalizeReferralCode,
  translate,
} from '@spreadscope/core';
import type { EmailTokensRepository, UserRecord, UsersRepository } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { maskEmail } from '../mail/mask-email.ts';
import {
  passwordChangedMail,
  RESET_TOKEN_TTL_MS,
  resetMail,
  VERIFY_TOKEN_TTL_MS,
  verificationMail,
} from '../mail/templates.ts';
import { checkedDisplayName, checkedEmail, checkNewPassword } from './form-checks.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { newReferralCode } from './referral-codes.ts';
import { hashSecretToken, newId, newSecretToken } from './secret-tokens.ts';
import type { SessionService, StartedSession } from './session-service.ts';
import { WorkPace } from './work-pace.ts';

export interface AuthServiceDeps {
  readonly users: UsersRepository;
  readonly tokens: EmailTokensRepository;
  readonly sessions: SessionService;
  readonly mailer: Mailer;
  /** Base of links in mail: PUBLIC_URL, or the URL the server listens on. Never the request's Host. */
  readonly publicUrl: () => string;
  readonly now: () => number;
  readonly log: { warn(message: string): void; error(message: string): void };
}

export interface SignupInput {
  readonly email: string;
  readonly password: string;
  readonly passwordConfirm: string;
  readonly displayName?: string | undefined;
  readonly acceptTerms: boolean;
  readonly acceptPrivacy: boolean;
  readonly referralCode?: string | undefined;
  readonly language: Language;
}

export interface NewAccountInput {
  readonly email: string;
  readonly displayName: string;
  readonly passwordHash: string | null;
  readonly googleSub: string | null;
  readonly verified: boolean;
  readonly language: Language;
  readonly referredBy: string | null;
  readonly plan?: UserRecord['plan'];
}

const failedToSend = () => new ApiError(503, 'email_send_failed', 'auth.emailSendFailed');

/**
 * Sign-up, sign-in, activation and password flows (spec §4, §5, §8). Every refusal is an ApiError with the
 * catalogue message and the field at fault; the routes only translate HTTP to these calls.
 */
export class AuthService {
  /** Issuing and mailing a reset link; an unknown address waits as long (see forgotPassword). */
  private readonly resetPace = new WorkPace(100);

  constructor(private readonly deps: AuthServiceDeps) {}

  async signup(input: SignupInput): Promise<{ email: string }> {
    const email = checkedEmail(input.email);
    checkNewPassword(input.password, input.passwordConfirm);
    if (!input.acceptTerms || !input.acceptPrivacy) {
      throw new ApiError(
        400,
        'terms_required',
        'auth.termsRequired',
        {},
        input.acceptTerms ? 'acceptPrivacy' : 'acceptTerms',
      );
    }
    const displayName = input.displayName?.trim()
      ? checkedDisplayName(input.displayName)
      : defaultDisplayName(email);
    const referrer = await this.referrerFor(input.referralCode, email);
    const existing = await this.deps.users.findByEmail(email);
    if (existing) {
      await this.signupOverUnverified(existing, {
        passwordHash: await hashPassword(input.password),
        displayName,
        referredBy: referrer?.id ?? null,
        language: input.language,
      });
      return { email };
    }

    const user = await this.createAccount({
      email,
      displayName,
      passwordHash: await hashPassword(input.password),
      googleSub: null,
      verified: false,
      language: input.language,
      referredBy: referrer?.id ?? null,
    });
    try {
      await this.sendVerification(user);
    } catch (error) {
      // Without the email the account could never be activated; remove it so signing up again works.
      await this.deps.users.delete(user.id);
      throw error;
    }
    return { email };
  }

  /**
   * Nobody has proved the mailbox of a never-verified sign-up, so it must not keep the address from its
   * owner (the "pre-hijack": sign up first with someone else's address and wait for them to activate it).
   * A new sign-up for that address replaces the old one's password and details, and only a link mailed for
   * the new one activates the account: the mail is the proof, and it goes to the mailbox's owner.
   * A verified or Google account keeps its "Email already exists.".
   */
  private async signupOverUnverified(
    existing: UserRecord,
    signup: { passwordHash: string; displayName: string; referredBy: string | null; language: Language },
  ): Promise<void> {
    const now = this.deps.now();
    const replaced =
      existing.emailVerifiedAt === null &&
      existing.googleSub === null &&
      (await this.deps.users.replaceUnverifiedSignup(existing.id, signup, now));
    if (!replaced) throw emailExists();
    await this.deps.tokens.retireForUser(existing.id, now);
    await this.deps.sessions.endAllForUser(existing.id);
    const user = (await this.deps.users.findById(existing.id)) ?? existing;
    await this.sendVerification(user);
  }

  /** Creates an account with a fresh referral code (retrying the rare collision); 409 if the email is taken. */
  async createAccount(input: NewAccountInput): Promise<UserRecord> {
    const now = this.deps.now();
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await this.deps.users.insert({
        id: newId(),
        email: input.email,
        displayName: input.displayName,
        passwordHash: input.passwordHash,
        googleSub: input.googleSub,
        plan: input.plan ?? 'free',
        language: input.language,
        emailVerifiedAt: input.verified ? now : null,
        referralCode: newReferralCode(),
        referredBy: input.referredBy,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
        createdAt: now,
      });
      if (result.ok) return result.user;
      if (result.conflict === 'email') throw emailExists();
      if (result.conflict === 'googleSub') throw new ApiError(409, 'google_linked', 'auth.googleAccount');
    }
    throw new Error('could not draw an unused referral code in 5 attempts');
  }

  /** Resolves an optional referral code to the inviting user; a code given but unknown is refused. */
  async referrer(raw: string | undefined): Promise<UserRecord | null> {
    if (raw === undefined || raw.trim() === '') return null;
    const code = normalizeReferralCode(raw);
    const found = isWellFormedReferralCode(code) ? await this.deps.users.findByReferralCode(code) : null;
    if (!found) throw new ApiError(400, 'referral_invalid', 'auth.referralInvalid', {}, 'referralCode');
    return found;
  }

  /**
   * The referrer of a sign-up for `email`: refused when the code is the person's own (any alias of the same
   * mailbox) or when that person already signed up with it under another alias (one referral per person).
   */
  async referrerFor(raw: string | undefined, email: string): Promise<UserRecord | null> {
    const referrer = await this.referrer(raw);
    if (!referrer) return null;
    const person = emailPerson(email);
    if (emailPerson(referrer.email) === person) {
      throw new ApiError(400, 'referral_self', 'auth.referralSelf', {}, 'referralCode');
    }
    const earlier = await this.deps.users.emailsReferredBy(referrer.id);
    if (earlier.some((other) => other !== normalizeEmail(email) && emailPerson(other) === person)) {
      throw new ApiError(409, 'referral_repeat', 'auth.referralRepeat', {}, 'referralCode');
    }
    return referrer;
  }

  async checkReferral(raw: string, language: Language): Promise<{ valid: boolean; message: string }> {
    try {
      await this.referrer(raw);
      return { valid: true, message: translate(language, 'auth.referralValid') };
    } catch (error) {
      if (error instanceof ApiError) return { valid: false, message: translate(language, error.messageKey) };
      throw error;
    }
  }

  async login(rawEmail: string, password: string): Promise<{ user: UserRecord; session: StartedSession }> {
    const email = checkedEmail(rawEmail);
    const user = await this.deps.users.findByEmail(email);
    if (!user) {
      await burnVerification(password);
      throw invalidCredentials();
    }
    if (user.passwordHash === null) throw new ApiError(409, 'google_account', 'auth.googleAccount');
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
    if (user.emailVerifiedAt === null) {
      throw new ApiError(403, 'account_not_activated', 'auth.accountNotActivated');
    }
    if (needsRehash(user.passwordHash)) {
      await this.deps.users.setPasswordHash(
        user.id,
        await hashPassword(password),
        user.passwordChangedAt ?? user.createdAt,
      );
    }
    return { user, session: await this.deps.sessions.start(user.id) };
  }

  /** Follows an activation link. An expired link sends a fresh one and says so (spec §4). */
  async verifyEmail(token: string): Promise<{ email: string }> {
    const now = this.deps.now();
    const result = await this.deps.tokens.consume(hashSecretToken(token), 'verify', now);
    if (result.status === 'invalid') throw invalidToken();
    const user = await this.deps.users.findById(result.userId);
    if (!user) throw invalidToken();
    if (result.status === 'expired') {
      if (user.emailVerifiedAt !== null) throw invalidToken();
      await this.sendVerification(user);
      throw new ApiError(410, 'verification_expired', 'auth.verificationExpired');
    }
    if (user.emailVerifiedAt === null) await this.deps.users.markVerified(user.id, now);
    return { email: user.email };
  }

  /** The operator's path (admin CLI): an account it just created gets its activation link. */
  async mailActivation(user: UserRecord): Promise<void> {
    if (user.emailVerifiedAt === null) await this.sendVerification(user);
  }

  /**
   * Mails a fresh activation link to whoever made the account: the password proves it, so a stranger cannot
   * have a link for someone else's sign-up sent to the address's owner and get it activated with a password
   * the stranger chose. Until the password is proven, an unknown address, a Google-only account and a wrong
   * password answer alike, in the same time, as at sign-in; only then does "already verified" say so.
   */
  async resendVerification(rawEmail: string, password: string): Promise<void> {
    const user = await this.deps.users.findByEmail(checkedEmail(rawEmail));
    if (!user || user.passwordHash === null) {
      await burnVerification(password);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
    if (user.emailVerifiedAt !== null) throw new ApiError(409, 'already_verified', 'auth.alreadyVerified');
    await this.sendVerification(user);
  }

  /**
   * Mails a reset link when the address has an account with a password. The caller has proven nothing, so
   * the answer is the same whether it has one, has only Google sign-in, or does not exist, and takes about
   * as long: no one can learn from it who has an account.
   */
  async forgotPassword(rawEmail: string): Promise<void> {
    const user = await this.deps.users.findByEmail(checkedEmail(rawEmail));
    if (!user || user.passwordHash === null) {
      await this.resetPace.stallLikeWork();
      return;
    }
    await this.resetPace.measure(async () => {
      const token = await this.issueToken(user, 'reset', RESET_TOKEN_TTL_MS);
      await this.send(resetMail(user, this.deps.publicUrl(), token));
    });
  }

  /** Sets a new password from a reset link; every session of the account ends. */
  async resetPassword(token: string, password: string, confirm: string): Promise<void> {
    checkNewPassword(password, confirm);
    const tokenHash = hashSecretToken(token);
    const now = this.deps.now();
    const peeked = await this.deps.tokens.peek(tokenHash, 'reset', now);
    if (peeked.status !== 'ok') throw invalidToken();
    const user = await this.deps.users.findById(peeked.userId);
    if (!user) throw invalidToken();
    if (user.passwordHash !== null && (await verifyPassword(user.passwordHash, password))) {
      throw new ApiError(400, 'same_password', 'auth.samePassword', {}, 'password');
    }
    const hash = await hashPassword(password);
    // Checked again atomically: of two submissions of the same link, only one may change the password.
    if ((await this.deps.tokens.consume(tokenHash, 'reset', now)).status !== 'ok') throw invalidToken();
    await this.deps.users.setPasswordHash(user.id, hash, now);
    // Following the link proved the mailbox, which is what activation proves too.
    if (user.emailVerifiedAt === null) await this.deps.users.markVerified(user.id, now);
    await this.passwordChanged(user.id, now);
  }

  /**
   * Changes the password of a signed-in user: every session ends, including this one, and this device gets
   * a fresh session so the person who changed it stays signed in.
   */
  async changePassword(
    user: UserRecord,
    current: string,
    password: string,
    confirm: string,
  ): Promise<StartedSession> {
    if (user.passwordHash === null) throw new ApiError(409, 'google_account', 'auth.googleAccount');
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw new ApiError(403, 'wrong_password', 'auth.wrongPassword', {}, 'currentPassword');
    }
    checkNewPassword(password, confirm);
    if (password === current) throw new ApiError(400, 'same_password', 'auth.samePassword', {}, 'password');
    const now = this.deps.now();
    await this.deps.users.setPasswordHash(user.id, await hashPassword(password), now);
    await this.passwordChanged(user.id, now);
    const session = await this.deps.sessions.start(user.id);
    // Tell the owner; a failure to notify must not undo a change already made.
    await this.send(passwordChangedMail(user, this.deps.publicUrl())).catch(() => undefined);
    return session;
  }

  /**
   * Links a Google account to the account holding the same address. A verified account is simply linked. A
   * never-verified one was made by someone who has not proved the mailbox (possibly not its owner, who only
   * now shows up through Google): it is handed over clean — its password, referrer and display name are
   * dropped, its sessions and mailed links end — so an unverified sign-up cannot keep a way into the
   * account its address's owner will use.
   */
  async linkGoogle(user: UserRecord, google: { sub: string; displayName: string }): Promise<UserRecord> {
    const now = this.deps.now();
    const claimed =
      user.emailVerifiedAt === null &&
      (await this.deps.users.claimUnverifiedWithGoogle(user.id, google, now));
    if (claimed) {
      await this.deps.sessions.endAllForUser(user.id);
      await this.deps.tokens.retireForUser(user.id, now);
    } else {
      await this.deps.users.linkGoogle(user.id, google.sub, now);
    }
    return (await this.deps.users.findById(user.id)) ?? user;
  }

  /** After any change of password: every session ends and no reset link mailed before it works any more. */
  private async passwordChanged(userId: string, now: number): Promise<void> {
    await this.deps.tokens.retireForUser(userId, now, 'reset');
    await this.deps.sessions.endAllForUser(userId);
  }

  private async sendVerification(user: UserRecord): Promise<void> {
    const token = await this.issueToken(user, 'verify', VERIFY_TOKEN_TTL_MS);
    await this.send(verificationMail(user, this.deps.publicUrl(), token));
  }

  private async issueToken(user: UserRecord, purpose: 'verify' | 'reset', ttlMs: number): Promise<string> {
    const token = newSecretToken();
    const now = this.deps.now();
    await this.deps.tokens.issue({
      tokenHash: hashSecretToken(token),
      userId: user.id,
      purpose,
      createdAt: now,
      expiresAt: now + ttlMs,
    });
    return token;
  }

  private async send(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      // The reason helps the operator (connection refused, auth failed); it never includes the body.
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`mail to ${maskEmail(message.to)} failed: ${reason}`);
      throw failedToSend();
    }
  }
}

function defaultDisplayName(email: string): string {
  return [...(email.split('@')[0] ?? 'user')].slice(0, 40).join('');
}

const emailExists = () => new ApiError(409, 'email_exists', 'auth.emailExists', {}, 'email');
const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'auth.invalidCredentials');
const invalidToken = () => new ApiError(400, 'invalid_token', 'auth.invalidToken', {}, 'token');
