import { and, asc, eq, gte, sql, sum } from 'drizzle-orm';
import type { Database } from './database.ts';
import { apiUsage } from './schema-api-usage.ts';

export interface ApiUsageIncrement {
  readonly keyId: string;
  readonly userId: string;
  readonly endpoint: string;
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  readonly calls: number;
  readonly credits: number;
}

export interface ApiUsageDay {
  readonly day: string;
  readonly endpoint: string;
  readonly calls: number;
  readonly credits: number;
}

export interface ApiUsageRepository {
  /** Adds a batch of counts (one statement), creating rows as needed. */
  add(batch: readonly ApiUsageIncrement[]): Promise<void>;
  /** Credits an account has spent on or after a UTC day. */
  creditsSince(userId: string, day: string): Promise<number>;
  /** An account's calls and credits per day and endpoint since a UTC day, oldest first. */
  daysSince(userId: string, day: string): Promise<ApiUsageDay[]>;
}

export function createApiUsageRepository(database: Pick<Database, 'db'>): ApiUsageRepository {
  const { db } = database;
  return {
    async add(batch) {
      if (batch.length === 0) return;
      await db
        .insert(apiUsage)
        .values(batch.map((row) => ({ ...row })))
        .onConflictDoUpdate({
          target: [apiUsage.keyId, apiUsage.endpoint, apiUsage.day],
          set: {
            calls: sql`${apiUsage.calls} + excluded.calls`,
            credits: sql`${apiUsage.credits} + excluded.credits`,
          },
        });
    },
    async creditsSince(userId, day) {
      const [row] = await db
        .select({ credits: sum(apiUsage.credits) })
        .from(apiUsage)
        .where(and(eq(apiUsage.userId, userId), gte(apiUsage.day, day)));
      return Number(row?.credits ?? 0);
    },
    async daysSince(userId, day) {
      const rows = await db
        .select({
          day: apiUsage.day,
          endpoint: apiUsage.endpoint,
          calls: sum(apiUsage.calls),
          credits: sum(apiUsage.credits),
        })
        .from(apiUsage)
        .where(and(eq(apiUsage.userId, userId), gte(apiUsage.day, day)))
        .groupBy(apiUsage.day, apiUsage.endpoint)
        .orderBy(asc(apiUsage.day), asc(apiUsage.endpoint));
      return rows.map((r) => ({
        day: r.day,
        endpoint: r.endpoint,
        calls: Number(r.calls ?? 0),
        credits: Number(r.credits ?? 0),
      }));
    },
  };
}
