import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from './database.ts';
import { apiKeys, users } from './schema-accounts.ts';
import { type UserRecord, userFromRow } from './user-row.ts';

export interface ApiKeyRecord {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

export interface ApiKeysRepository {
  create(key: ApiKeyRecord & { readonly keyHash: string }): Promise<void>;
  /** Keys not revoked, oldest first. */
  listActive(userId: string): Promise<ApiKeyRecord[]>;
  countActive(userId: string): Promise<number>;
  /** The key and its owner, when the key exists and is not revoked. */
  findActiveByHash(keyHash: string): Promise<{ key: ApiKeyRecord; user: UserRecord } | null>;
  /** Revokes one of the user's keys; false when the user has no such active key. */
  revoke(userId: string, id: string, now: number): Promise<boolean>;
  /** Records use; writes at most once per `granularityMs` per key, so busy keys do not write per request. */
  touch(id: string, now: number, granularityMs: number): Promise<void>;
}

type Row = typeof apiKeys.$inferSelect;

function toRecord(row: Row): ApiKeyRecord {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}

export function createApiKeysRepository(database: Pick<Database, 'db'>): ApiKeysRepository {
  const { db } = database;
  const active = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  return {
    async create(key) {
      await db.insert(apiKeys).values({
        id: key.id,
        userId: key.userId,
        name: key.name,
        prefix: key.prefix,
        keyHash: key.keyHash,
        createdAt: new Date(key.createdAt),
        lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt),
      });
    },
    async listActive(userId) {
      const rows = await db.select().from(apiKeys).where(active(userId)).orderBy(asc(apiKeys.createdAt));
      return rows.map(toRecord);
    },
    async countActive(userId) {
      const [row] = await db.select({ n: count() }).from(apiKeys).where(active(userId));
      return Number(row?.n ?? 0);
    },
    async findActiveByHash(keyHash) {
      const [row] = await db
        .select()
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row ? { key: toRecord(row.api_keys), user: userFromRow(row.users) } : null;
    },
    async revoke(userId, id, now) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date(now) })
        .where(and(eq(apiKeys.id, id), active(userId)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },
    async touch(id, now, granularityMs) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - granularityMs))),
          ),
        );
    },
  };
}
