import { type Preferences, preferencesSchema, type SettingsResponse } from '@spreadscope/contracts';
import { isValidFavoriteKey, LIMITS, limitOf } from '@spreadscope/core';
import type { FavoriteList, StoredSettings, UserRecord, UserSettingsRepository } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';

/**
 * Settings that follow a signed-in user (spec §5, §9): display preferences, pins (10, Free 2) and owned
 * tokens (20). Limits come from the plan table and are enforced here, whatever the client shows.
 *
 * A user above a limit after moving to a smaller plan keeps what was saved (nothing is deleted behind their
 * back) but cannot add more until under it.
 */
export class SettingsService {
  constructor(
    private readonly repo: UserSettingsRepository,
    private readonly now: () => number,
    /** Told when the user picks a language, so account mail follows it. */
    private readonly onLanguage: (user: UserRecord, language: 'ko' | 'en') => Promise<void> = async () => {},
  ) {}

  async get(user: UserRecord): Promise<SettingsResponse> {
    return this.present(user, await this.repo.get(user.id));
  }

  async update(user: UserRecord, patch: Preferences): Promise<SettingsResponse> {
    const saved = await this.repo.mergePreferences(user.id, patch, this.now());
    if (patch.language !== undefined && patch.language !== user.language)
      await this.onLanguage(user, patch.language);
    return this.present(user, saved);
  }

  async addPin(user: UserRecord, key: string): Promise<SettingsResponse> {
    checkKey(key);
    const max = limitOf(user.plan, 'pins');
    const result = await this.repo.addFavorite(user.id, 'pins', key, max, this.now());
    if (result === 'limit') {
      const free = max < LIMITS.pins;
      throw new ApiError(403, 'limit_reached', free ? 'limit.pinsFree' : 'limit.pins', {
        max,
        paidMax: LIMITS.pins,
      });
    }
    return this.get(user);
  }

  async remove(user: UserRecord, list: FavoriteList, key: string): Promise<SettingsResponse> {
    await this.repo.removeFavorite(user.id, list, key, this.now());
    return this.get(user);
  }

  async replaceOwnedTokens(user: UserRecord, tokens: readonly string[]): Promise<SettingsResponse> {
    const unique = [...new Set(tokens.map((t) => t.trim().toUpperCase()))];
    for (const token of unique) checkKey(token);
    const max = limitOf(user.plan, 'ownedTokens');
    if (unique.length > max) throw new ApiError(403, 'limit_reached', 'limit.ownedTokens', { max }, 'tokens');
    await this.repo.replaceFavorites(user.id, 'ownedTokens', unique, this.now());
    return this.get(user);
  }

  private present(user: UserRecord, stored: StoredSettings): SettingsResponse {
    return {
      preferences: readPreferences(stored.preferences),
      pins: stored.pins,
      ownedTokens: stored.ownedTokens,
      limits: { pins: limitOf(user.plan, 'pins'), ownedTokens: limitOf(user.plan, 'ownedTokens') },
      updatedAt: stored.updatedAt,
    };
  }
}

function checkKey(key: string): void {
  if (!isValidFavoriteKey(key)) {
    throw new ApiError(
      400,
      'invalid_parameter',
      'error.invalidParameter',
      { param: 'key', detail: key.slice(0, 64) },
      'key',
    );
  }
}

/** Field by field, so one value that no longer fits the schema does not throw away the others. */
function readPreferences(stored: Record<string, unknown>): Preferences {
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(preferencesSchema.shape)) {
    if (!(field in stored)) continue;
    const parsed = schema.safeParse(stored[field]);
    if (parsed.success && parsed.data !== undefined) out[field] = parsed.data;
  }
  return out as Preferences;
}
