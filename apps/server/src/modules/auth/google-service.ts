import { isValidEmail, type Language, normalizeEmail } from '@spreadscope/core';
import type { UserRecord, UsersRepository } from '@spreadscope/db';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { z } from 'zod';
import { ApiError } from '../../http/errors.ts';
import type { AuthService } from './auth-service.ts';
import { safeEqual } from './secret-tokens.ts';
import type { SessionService, StartedSession } from './session-service.ts';

export interface GoogleConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authUrl: string;
  readonly tokenUrl: string;
  readonly userinfoUrl: string;
}

/** What the browser carries between leaving for Google and coming back (an HttpOnly cookie, 10 minutes). */
export const googleFlowSchema = z.object({
  state: z.string().min(16).max(200),
  verifier: z.string().min(43).max(128),
  intent: z.enum(['login', 'signup']),
  terms: z.boolean(),
  referralCode: z.string().max(64).optional(),
  language: z.enum(['ko', 'en']),
});
export type GoogleFlow = z.infer<typeof googleFlowSchema>;

const userinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(320),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().max(500).optional(),
});

const failed = () => new ApiError(502, 'google_failed', 'auth.googleFailed');

/**
 * Sign-in with Google: OAuth 2.0 authorization code with PKCE and state (arctic), then the OpenID userinfo
 * endpoint for the verified address. Endpoints come from configuration, so tests run against a fake
 * provider on loopback and operators can point at a proxy.
 *
 * - A Google account seen before signs in.
 * - A new Google account whose address belongs to an existing account is linked to it (Google vouches
 *   for the address) and signs in. If that account was never verified, whatever its unproven sign-up set
 *   (password, sessions, links) is discarded first: see AuthService.linkGoogle.
 * - A new address needs the sign-up path (terms and privacy accepted on /signup); from /login the user is
 *   sent to sign up instead of an account being made without consent.
 */
export class GoogleService {
  constructor(
    private readonly config: GoogleConfig,
    private readonly redirectUri: () => string,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {}

  /** Built per use: the redirect URI is the public URL, known only once the server listens. */
  private client(): OAuth2Client {
    return new OAuth2Client(this.config.clientId, this.config.clientSecret, this.redirectUri());
  }

  /** The provider URL to send the browser to, and the flow to keep in its cookie. */
  async start(input: {
    intent: 'login' | 'signup';
    terms: boolean;
    referralCode?: string | undefined;
    language: Language;
  }): Promise<{ url: string; flow: GoogleFlow }> {
    // A wrong referral code is reported now, on the sign-up form, not after the round trip to Google.
    if (input.intent === 'signup') await this.auth.referrer(input.referralCode);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = this.client().createAuthorizationURLWithPKCE(
      this.config.authUrl,
      state,
      CodeChallengeMethod.S256,
      verifier,
      ['openid', 'email', 'profile'],
    );
    url.searchParams.set('prompt', 'select_account');
    const flow: GoogleFlow = {
      state,
      verifier,
      intent: input.intent,
      terms: input.terms,
      language: input.language,
      ...(input.referralCode ? { referralCode: input.referralCode } : {}),
    };
    return { url: url.toString(), flow };
  }

  async finish(
    flow: GoogleFlow | null,
    code: string,
    state: string,
  ): Promise<{ user: UserRecord; session: StartedSession }> {
    if (!flow || !safeEqual(flow.state, state))
      throw new ApiError(400, 'invalid_token', 'auth.invalidToken', {}, 'state');
    const profile = await this.profile(code, flow.verifier);
    const bySub = await this.users.findByGoogleSub(profile.sub);
    if (bySub) return { user: bySub, session: await this.sessions.start(bySub.id) };

    if (!profile.emailVerified) throw new ApiError(403, 'email_not_verified', 'auth.emailNotVerified');
    const byEmail = await this.users.findByEmail(profile.email);
    if (byEmail) {
      const linked = await this.auth.linkGoogle(byEmail, { sub: profile.sub, displayName: profile.name });
      return { user: linked, session: await this.sessions.start(linked.id) };
    }
    if (flow.intent !== 'signup' || !flow.terms) {
      throw new ApiError(404, 'google_signup_required', 'auth.googleSignupRequired');
    }
    const referrer = await this.auth.referrerFor(flow.referralCode, profile.email);
    const user = await this.auth.createAccount({
      email: profile.email,
      displayName: profile.name,
      passwordHash: null,
      googleSub: profile.sub,
      verified: true,
      language: flow.language,
      referredBy: referrer?.id ?? null,
    });
    return { user, session: await this.sessions.start(user.id) };
  }

  private async profile(code: string, verifier: string) {
    let accessToken: string;
    try {
      const tokens = await this.client().validateAuthorizationCode(this.config.tokenUrl, code, verifier);
      accessToken = tokens.accessToken();
    } catch {
      throw failed();
    }
    const response = await fetch(this.config.userinfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (!response?.ok) throw failed();
    const parsed = userinfoSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw failed();
    const email = normalizeEmail(parsed.data.email);
    if (!isValidEmail(email)) throw failed();
    const verified = parsed.data.email_verified === true || parsed.data.email_verified === 'true';
    const name = parsed.data.name?.trim() || email.split('@')[0] || 'user';
    return { sub: parsed.data.sub, email, emailVerified: verified, name: [...name].slice(0, 40).join('') };
  }
}
