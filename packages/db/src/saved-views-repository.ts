import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { users } from './schema-accounts.ts';
import { savedFilterPresets } from './schema-saved-views.ts';

export interface StoredPreset {
  readonly id: string;
  readonly name: string;
  readonly filters: Record<string, string>;
  readonly shortcut: number | null;
  readonly updatedAt: number;
}

export type SavePresetResult = 'added' | 'replaced' | 'limit';

export interface SavedViewsRepository {
  /** The user's presets of one table, by name. */
  list(userId: string, table: string): Promise<StoredPreset[]>;
  /**
   * Saves a preset: replaces the filters of a preset of the same name, else adds one unless the table
   * already holds `max`. Count and insert run under a lock of the user's row, so two tabs cannot pass the
   * limit together.
   */
  save(
    preset: { id: string; userId: string; table: string; name: string; filters: Record<string, string> },
    max: number,
    now: number,
  ): Promise<SavePresetResult>;
  delete(userId: string, table: string, id: string): Promise<boolean>;
  /**
   * Makes exactly these presets the shortcuts, in this order. Returns the ids that are not the user's
   * presets of this table (nothing is changed then).
   */
  replaceShortcuts(userId: string, table: string, ids: readonly string[]): Promise<string[]>;
}

export function createSavedViewsRepository(database: Pick<Database, 'db'>): SavedViewsRepository {
  const { db } = database;
  const ofTable = (userId: string, table: string) =>
    and(eq(savedFilterPresets.userId, userId), eq(savedFilterPresets.tableName, table));

  return {
    async list(userId, table) {
      const rows = await db
        .select()
        .from(savedFilterPresets)
        .where(ofTable(userId, table))
        .orderBy(asc(savedFilterPresets.name));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        filters: row.filters as Record<string, string>,
        shortcut: row.shortcut,
        updatedAt: row.updatedAt.getTime(),
      }));
    },
    async save(preset, max, now) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, preset.userId)).for('update');
        const replaced = await tx
          .update(savedFilterPresets)
          .set({ filters: preset.filters, updatedAt: new Date(now) })
          .where(and(ofTable(preset.userId, preset.table), eq(savedFilterPresets.name, preset.name)))
          .returning({ id: savedFilterPresets.id });
        if (replaced.length > 0) return 'replaced' as const;
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(savedFilterPresets)
          .where(ofTable(preset.userId, preset.table));
        if (Number(held?.n ?? 0) >= max) return 'limit' as const;
        await tx.insert(savedFilterPresets).values({
          id: preset.id,
          userId: preset.userId,
          tableName: preset.table,
          name: preset.name,
          filters: preset.filters,
          updatedAt: new Date(now),
        });
        return 'added' as const;
      });
    },
    async delete(userId, table, id) {
      const rows = await db
        .delete(savedFilterPresets)
        .where(and(ofTable(userId, table), eq(savedFilterPresets.id, id)))
        .returning({ id: savedFilterPresets.id });
      return rows.length > 0;
    },
    async replaceShortcuts(userId, table, ids) {
      return db.transaction(async (tx) => {
        const found =
          ids.length === 0
            ? []
            : await tx
                .select({ id: savedFilterPresets.id })
                .from(savedFilterPresets)
                .where(and(ofTable(userId, table), inArray(savedFilterPresets.id, [...ids])));
        const known = new Set(found.map((row) => row.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length > 0) return unknown;
        await tx
          .update(savedFilterPresets)
          .set({ shortcut: null })
          .where(and(ofTable(userId, table), isNotNull(savedFilterPresets.shortcut)));
        for (const [place, id] of ids.entries()) {
          await tx
            .update(savedFilterPresets)
            .set({ shortcut: place })
            .where(and(ofTable(userId, table), eq(savedFilterPresets.id, id)));
        }
        return [];
      });
    },
  };
}
