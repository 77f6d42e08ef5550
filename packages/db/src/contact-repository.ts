import { desc, eq } from 'drizzle-orm';
import type { Database } from './database.ts';
import { contactInquiries } from './schema-contact.ts';

export interface ContactInquiry {
  readonly id: string;
  readonly email: string;
  readonly telegram: string | null;
  readonly inquiry: string;
  readonly language: 'ko' | 'en';
  readonly receivedAt: number;
  readonly mailedAt: number | null;
}

export interface ContactRepository {
  save(inquiry: Omit<ContactInquiry, 'mailedAt'>): Promise<void>;
  markMailed(id: string, at: number): Promise<void>;
  /** The latest first. */
  list(limit: number): Promise<ContactInquiry[]>;
}

export function createContactRepository(database: Pick<Database, 'db'>): ContactRepository {
  const { db } = database;
  return {
    async save(inquiry) {
      await db.insert(contactInquiries).values({
        ...inquiry,
        receivedAt: new Date(inquiry.receivedAt),
      });
    },
    async markMailed(id, at) {
      await db
        .update(contactInquiries)
        .set({ mailedAt: new Date(at) })
        .where(eq(contactInquiries.id, id));
    },
    async list(limit) {
      const rows = await db
        .select()
        .from(contactInquiries)
        .orderBy(desc(contactInquiries.receivedAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        telegram: row.telegram,
        inquiry: row.inquiry,
        language: row.language === 'en' ? 'en' : 'ko',
        receivedAt: row.receivedAt.getTime(),
        mailedAt: row.mailedAt?.getTime() ?? null,
      }));
    },
  };
}
