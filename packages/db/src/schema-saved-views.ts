import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Named filter presets of a user's premium and arbitrage tables (spec §7 option/premium-filters). A preset
 * with a `shortcut` place is also one of the one-click shortcuts above the table (option/premium-shortcuts),
 * so deleting a preset takes its shortcut with it. `filters` is the table's URL query, checked by the
 * contracts schema on write.
 */
export const savedFilterPresets = pgTable(
  'saved_filter_presets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull(),
    shortcut: integer('shortcut'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    unique('saved_filter_presets_user_table_name_key').on(t.userId, t.tableName, t.name),
    index('saved_filter_presets_user_table_idx').on(t.userId, t.tableName),
  ],
);
