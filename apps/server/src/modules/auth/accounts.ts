import type { Logger } from '@spreadscope/core';
import {
  createApiKeysRepository,
  createEmailTokensRepository,
  createSavedViewsRepository,
  createSessionsRepository,
  createUserSettingsRepository,
  createUsersRepository,
  type Database,
  loggableError,
  type UsersRepository,
} from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import { assertEntitled } from '../../http/guards.ts';
import { type PrincipalResolver, presentedApiKey, VISITOR } from '../../http/principal.ts';
import { readSessionToken } from '../../http/session-cookie.ts';
import { ApiKeysService } from '../api-keys/api-keys-service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { SavedViewsService } from '../saved-views/saved-views-service.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { AuthService } from './auth-service.ts';
import { type GoogleConfig, GoogleService } from './google-service.ts';
import { type SessionPolicy, SessionService } from './session-service.ts';

export interface AccountsOptions {
  readonly database: Pick<Database, 'db'>;
  readonly mailer: Mailer;
  /** Base URL of links in mail and of the Google redirect; known once the server listens. */
  readonly publicUrl: () => string;
  /** Whether PUBLIC_URL is https (session cookies are then Secure even behind a TLS-terminating proxy). */
  readonly configuredPublicUrl?: string | undefined;
  readonly google?: GoogleConfig | undefined;
  readonly sessionPolicy: SessionPolicy;
  readonly authRateLimitPerMinute: number;
  readonly now?: () => number;
  readonly log: Logger;
}

/** Everything about users, wired once: the composition root and the admin CLI both build it this way. */
export interface Accounts {
  readonly users: UsersRepository;
  readonly auth: AuthService;
  readonly sessions: SessionService;
  readonly google: GoogleService | null;
  readonly apiKeys: ApiKeysService;
  readonly settings: SettingsService;
  /** Saved table views (option/premium-customize, premium-filters, premium-shortcuts). */
  readonly savedViews: SavedViewsService;
  readonly mailer: Mailer;
  readonly resolvePrincipal: PrincipalResolver;
  readonly authRateLimitPerMinute: number;
  readonly configuredPublicUrl: string | undefined;
  /** Base URL of links the product hands out (mail, referral links, payment return pages). */
  readonly publicUrl: () => string;
  /** Starts the hourly sweep of ended sessions and stale email links; returns a function that stops it. */
  startMaintenance(): () => void;
}

export function createAccounts(options: AccountsOptions): Accounts {
  const now = options.now ?? Date.now;
  const users = createUsersRepository(options.database);
  const sessions = new SessionService(createSessionsRepository(options.database), options.sessionPolicy, now);
  const tokens = createEmailTokensRepository(options.database);
  const auth = new AuthService({
    users,
    tokens,
    sessions,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    now,
    log: options.log,
  });
  const apiKeys = new ApiKeysService(createApiKeysRepository(options.database), now);
  const google = options.google
    ? new GoogleService(
        options.google,
        () => `${options.publicUrl().replace(/\/+$/, '')}/login/google-login`,
        users,
        auth,
        sessions,
      )
    : null;

  const resolvePrincipal: PrincipalResolver = async (request) => {
    const key = presentedApiKey(request);
    if (key !== undefined) {
      const found = await apiKeys.authenticate(key);
      if (!found) throw new ApiError(401, 'invalid_api_key', 'apiKey.invalid');
      // A key outlives a downgrade; it works again if the plan regains the API.
      assertEntitled(found.user.plan, 'api');
      return { role: found.user.plan, user: found.user, via: 'apiKey', apiKeyId: found.keyId };
    }
    const token = readSessionToken(request);
    if (token === undefined) return VISITOR;
    const active = await sessions.resolve(token);
    if (!active) return VISITOR;
    return { role: active.user.plan, user: active.user, via: 'session', sessionTokenHash: active.tokenHash };
  };

  const settings = new SettingsService(
    createUserSettingsRepository(options.database),
    now,
    async (user, language) => {
      await users.update(user.id, { language });
    },
  );
  return {
    users,
    auth,
    sessions,
    google,
    apiKeys,
    settings,
    savedViews: new SavedViewsService(createSavedViewsRepository(options.database), settings, now),
    mailer: options.mailer,
    resolvePrincipal,
    authRateLimitPerMinute: options.authRateLimitPerMinute,
    configuredPublicUrl: options.configuredPublicUrl,
    publicUrl: options.publicUrl,
    startMaintenance() {
      // Ended sessions are refused already; deleting them (and links used or expired a week ago) only keeps
      // the tables small.
      const sweep = () => {
        Promise.all([sessions.sweep(), tokens.deleteStale(now() - 7 * 86_400_000)]).catch(
          (error: unknown) => {
            options.log.warn(`account sweep failed: ${loggableError(error).message}`);
          },
        );
      };
      const timer = setInterval(sweep, 3_600_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
