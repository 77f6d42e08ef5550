import { hasFeature, minimumPlanFor, PLAN_NAMES, type Plan } from '@spreadscope/core';
import type { UserRecord } from '@spreadscope/db';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import type { ApiKeysService } from '../api-keys/api-keys-service.ts';
import { hashSecretToken } from '../auth/secret-tokens.ts';

export interface KeyHolder {
  readonly user: UserRecord;
  readonly keyId: string;
  readonly plan: Plan;
}

/** How long a looked-up key is trusted without asking the database again (revocation takes at most this). */
const KEY_CACHE_MS = 5_000;
/**
 * Age from which a key in use is looked up again in the background while calls keep being served from the cache:
 * a busy key never waits for the database (where a back-fill's statement may hold the one embedded connection).
 */
const KEY_REFRESH_MS = 2_500;
const KEY_CACHE_ENTRIES = 10_000;

/**
 * The key of a keyed call: read from X-DTMX-APIKEY (the SDK's header; X-API-Key and Bearer work too), checked
 * against the hashed keys, and its account's plan against the API feature. Lookups are remembered for a few
 * seconds by the key's hash and refreshed ahead of expiry, and callers of one key share one lookup, so a busy key
 * costs no database round trip per call and no call waits for one after the first.
 */
export class KeyGate {
  /** `at`: when the lookup that found it started, so a key revoked after it is refused within KEY_CACHE_MS. */
  private readonly cache = new Map<string, { holder: KeyHolder | null; at: number }>();
  private readonly lookups = new Map<string, Promise<KeyHolder | null>>();

  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly now: () => number = Date.now,
  ) {}

  async require(request: FastifyRequest): Promise<KeyHolder> {
    const key = presentedKey(request);
    if (key === undefined) throw new ApiError(401, 'api_key_required', 'publicApi.keyRequired');
    const holder = await this.lookup(key);
    if (!holder) throw new ApiError(401, 'invalid_api_key', 'publicApi.keyInvalid');
    if (!hasFeature(holder.plan, 'api')) {
      throw new ApiError(403, 'plan_required', 'publicApi.planRequired', {
        plan: PLAN_NAMES[holder.plan],
        required: PLAN_NAMES[minimumPlanFor('api')],
      });
    }
    return holder;
  }

  private lookup(key: string): Promise<KeyHolder | null> {
    const hash = hashSecretToken(key);
    const cached = this.cache.get(hash);
    const age = cached === undefined ? Number.POSITIVE_INFINITY : this.now() - cached.at;
    if (cached === undefined || age >= KEY_CACHE_MS) return this.fetch(key, hash);
    // A failed refresh leaves the entry to expire; the call after that asks again and reports the failure.
    if (age >= KEY_REFRESH_MS) this.fetch(key, hash).catch(() => undefined);
    return Promise.resolve(cached.holder);
  }

  /** One database lookup per key at a time, shared by every call that arrives while it runs. */
  private fetch(key: string, hash: string): Promise<KeyHolder | null> {
    const running = this.lookups.get(hash);
    if (running) return running;
    const at = this.now();
    const lookup = this.apiKeys
      .authenticate(key)
      .then((found) => {
        const holder = found ? { user: found.user, keyId: found.keyId, plan: found.user.plan } : null;
        this.remember(hash, holder, at);
        return holder;
      })
      .finally(() => this.lookups.delete(hash));
    this.lookups.set(hash, lookup);
    return lookup;
  }

  private remember(hash: string, holder: KeyHolder | null, at: number): void {
    this.cache.delete(hash);
    if (this.cache.size >= KEY_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(hash, { holder, at });
  }
}

/** The SDK sends the literal `None` when it has no key: that is no key. */
function presentedKey(request: FastifyRequest): string | undefined {
  const candidates = [request.headers['x-dtmx-apikey'], request.headers['x-api-key']];
  for (const header of candidates) {
    const value = typeof header === 'string' ? header.trim() : undefined;
    if (value && value !== 'None') return value;
  }
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim() || undefined;
  return undefined;
}
