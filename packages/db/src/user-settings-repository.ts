import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { userSettings } from './schema-accounts.ts';

export interface StoredSettings {
  readonly preferences: Record<string, unknown>;
  readonly pins: string[];
  readonly ownedTokens: string[];
  readonly updatedAt: number | null;
}

export type FavoriteList = 'pins' | 'ownedTokens';
export type AddFavoriteResult = 'added' | 'exists' | 'limit';

export interface UserSettingsRepository {
  /** What the user saved; empty lists and no preferences for a user who never saved anything. */
  get(userId: string): Promise<StoredSettings>;
  /** Merges the given preferences over the stored ones (keys not given stay as they are). */
  mergePreferences(
    userId: string,
    preferences: Record<string, unknown>,
    now: number,
  ): Promise<StoredSettings>;
  /**
   * Appends a key unless present or the list already holds `max` entries. The check and the append are
   * one statement, so two tabs pinning at once cannot pass the limit together.
   */
  addFavorite(
    userId: string,
    list: FavoriteList,
    key: string,
    max: number,
    now: number,
  ): Promise<AddFavoriteResult>;
  removeFavorite(userId: string, list: FavoriteList, key: string, now: number): Promise<boolean>;
  /** Replaces a list; the caller has checked the limit. */
  replaceFavorites(userId: string, list: FavoriteList, keys: readonly string[], now: number): Promise<void>;
}

const EMPTY: StoredSettings = { preferences: {}, pins: [], ownedTokens: [], updatedAt: null };

export function createUserSettingsRepository(database: Pick<Database, 'db'>): UserSettingsRepository {
  const { db } = database;
  const column = (list: FavoriteList) => (list === 'pins' ? userSettings.pins : userSettings.ownedTokens);
  const ensureRow = (userId: string) =>
    db.insert(userSettings).values({ userId }).onConflictDoNothing({ target: userSettings.userId });

  const get = async (userId: string): Promise<StoredSettings> => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    if (!row) return EMPTY;
    return {
      preferences: (row.preferences ?? {}) as Record<string, unknown>,
      pins: row.pins,
      ownedTokens: row.ownedTokens,
      updatedAt: row.updatedAt.getTime(),
    };
  };

  return {
    get,
    async mergePreferences(userId, preferences, now) {
      const json = JSON.stringify(preferences);
      await db
        .insert(userSettings)
        .values({ userId, preferences, updatedAt: new Date(now) })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: {
            preferences: sql`${userSettings.preferences} || ${json}::jsonb`,
            updatedAt: new Date(now),
          },
        });
      return get(userId);
    },
    async addFavorite(userId, list, key, max, now) {
      await ensureRow(userId);
      const col = column(list);
      const updated = await db
        .update(userSettings)
        .set({ [list]: sql`array_append(${col}, ${key}::text)`, updatedAt: new Date(now) })
        .where(
          and(
            eq(userSettings.userId, userId),
            sql`not (${key}::text = any(${col}))`,
            sql`cardinality(${col}) < ${max}`,
          ),
        )
        .returning({ userId: userSettings.userId });
      if (updated.length > 0) return 'added';
      const current = await get(userId);
      return current[list].includes(key) ? 'exists' : 'limit';
    },
    async removeFavorite(userId, list, key, now) {
      const col = column(list);
      const updated = await db
        .update(userSettings)
        .set({ [list]: sql`array_remove(${col}, ${key}::text)`, updatedAt: new Date(now) })
        .where(and(eq(userSettings.userId, userId), sql`${key}::text = any(${col})`))
        .returning({ userId: userSettings.userId });
      return updated.length > 0;
    },
    async replaceFavorites(userId, list, keys, now) {
      await ensureRow(userId);
      await db
        .update(userSettings)
        .set({ [list]: [...keys], updatedAt: new Date(now) })
        .where(eq(userSettings.userId, userId));
    },
  };
}
