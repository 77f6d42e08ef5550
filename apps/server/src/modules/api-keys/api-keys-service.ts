import type { ApiKeyInfo, CreatedApiKey } from '@spreadscope/contracts';
import { limitOf } from '@spreadscope/core';
import type { ApiKeysRepository, UserRecord } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import { assertEntitled } from '../../http/guards.ts';
import { hashSecretToken, newId, newSecretToken } from '../auth/secret-tokens.ts';

/** Keys read `ssk_` + 43 base64url characters (256 random bits), so they are recognisable in leaks. */
export const API_KEY_PREFIX = 'ssk_';
const API_KEY_PATTERN = /^ssk_[A-Za-z0-9_-]{43}$/;
/** Shown in lists to tell keys apart: the prefix and 8 characters, 48 bits (not enough to guess the rest). */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
const TOUCH_GRANULARITY_MS = 60_000;

export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly now: () => number,
  ) {}

  /**
   * Creates a key and returns its secret, the only time it exists outside the caller's hands. The plan
   * must include the API; `operator` (the admin CLI) may create one anyway, to prepare an account.
   */
  async create(
    user: UserRecord,
    rawName: string,
    options: { operator?: boolean } = {},
  ): Promise<CreatedApiKey> {
    if (!options.operator) assertEntitled(user.plan, 'api');
    const name = rawName.trim();
    if ([...name].length < 1 || [...name].length > 60 || /\p{Cc}/u.test(name)) {
      throw new ApiError(400, 'invalid_name', 'apiKey.nameInvalid', {}, 'name');
    }
    const max = limitOf(user.plan, 'apiKeys');
    if (!options.operator && (await this.repo.countActive(user.id)) >= max) {
      throw new ApiError(403, 'limit_reached', 'limit.apiKeys', { max });
    }
    const key = `${API_KEY_PREFIX}${newSecretToken()}`;
    const record = {
      id: newId(),
      userId: user.id,
      name,
      prefix: key.slice(0, SHOWN_LENGTH),
      createdAt: this.now(),
      lastUsedAt: null,
    };
    await this.repo.create({ ...record, keyHash: hashSecretToken(key) });
    return { ...present(record), key };
  }

  async list(user: UserRecord): Promise<ApiKeyInfo[]> {
    return (await this.repo.listActive(user.id)).map(present);
  }

  async revoke(user: UserRecord, id: string): Promise<void> {
    if (!(await this.repo.revoke(user.id, id, this.now()))) {
      throw new ApiError(404, 'api_key_not_found', 'apiKey.notFound', {}, 'id');
    }
  }

  /** The key's owner when the key is live; records the use (to the minute). */
  async authenticate(key: string): Promise<{ user: UserRecord; keyId: string } | null> {
    if (!API_KEY_PATTERN.test(key)) return null;
    const found = await this.repo.findActiveByHash(hashSecretToken(key));
    if (!found) return null;
    await this.repo.touch(found.key.id, this.now(), TOUCH_GRANULARITY_MS);
    return { user: found.user, keyId: found.key.id };
  }
}

function present(key: Omit<ApiKeyInfo, never>): ApiKeyInfo {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
  };
}
