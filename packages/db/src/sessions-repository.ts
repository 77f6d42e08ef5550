import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Database } from './database.ts';
import { sessions, users } from './schema-accounts.ts';
import { type UserRecord, userFromRow } from './user-row.ts';

export interface SessionRecord {
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly expiresAt: number;
}

export interface SessionsRepository {
  create(session: SessionRecord): Promise<void>;
  /**
   * The session and its user when the session has neither passed its absolute expiry nor been idle for
   * `idleMs`; null otherwise (an ended session reads the same as one that never existed).
   */
  findActive(
    tokenHash: string,
    now: number,
    idleMs: number,
  ): Promise<{ session: SessionRecord; user: UserRecord } | null>;
  /** Moves the idle clock forward; writes only when the last write is older than `granularityMs`. */
  touch(tokenHash: string, now: number, granularityMs: number): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of a user except, optionally, one (the device that changed the password). */
  deleteForUser(userId: string, exceptTokenHash?: string): Promise<number>;
  /** Removes ended sessions; returns how many went. */
  deleteEnded(now: number, idleMs: number): Promise<number>;
}

export function createSessionsRepository(database: Pick<Database, 'db'>): SessionsRepository {
  const { db } = database;
  return {
    async create(session) {
      await db.insert(sessions).values({
        tokenHash: session.tokenHash,
        userId: session.userId,
        createdAt: new Date(session.createdAt),
        lastSeenAt: new Date(session.lastSeenAt),
        expiresAt: new Date(session.expiresAt),
      });
    },
    async findActive(tokenHash, now, idleMs) {
      const [row] = await db
        .select()
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.lastSeenAt, new Date(now - idleMs)),
          ),
        )
        .limit(1);
      if (!row) return null;
      const s = row.sessions;
      return {
        session: {
          tokenHash: s.tokenHash,
          userId: s.userId,
          createdAt: s.createdAt.getTime(),
          lastSeenAt: s.lastSeenAt.getTime(),
          expiresAt: s.expiresAt.getTime(),
        },
        user: userFromRow(row.users),
      };
    },
    async touch(tokenHash, now, granularityMs) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(
          and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, new Date(now - granularityMs))),
        );
    },
    async delete(tokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
    async deleteForUser(userId, exceptTokenHash) {
      const rows = await db
        .delete(sessions)
        .where(
          exceptTokenHash === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)),
        )
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
    async deleteEnded(now, idleMs) {
      const rows = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - idleMs))))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },
  };
}
