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
const KEY_CACHE_ENTRIES = 10_000;

/**
 * The key of a keyed call: read from X-DTMX-APIKEY (the SDK's header; X-API-Key and Bearer work too), checked
 * against the hashed keys, and its account's plan against the API feature. Lookups are remembered for a few
 * seconds by the key's hash, so a busy key costs no database round trip per call.
 */
export class KeyGate {
  private readonly cache = new Map<string, { holder: KeyHolder | null; until: number }>();

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

  private async lookup(key: string): Promise<KeyHolder | null> {
    const hash = hashSecretToken(key);
    const now = this.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.holder;
    const found = await this.apiKeys.authenticate(key);
    const holder = found ? { user: found.user, keyId: found.keyId, plan: found.user.plan } : null;
    this.cache.delete(hash);
    if (this.cache.size >= KEY_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(hash, { holder, until: now + KEY_CACHE_MS });
    return holder;
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
