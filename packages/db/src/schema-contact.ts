import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Inquiries sent through the contact form (spec §5), kept even when the mail to the operator fails, so
 * `npm run admin -- inquiries` always lists every one. `mailed_at` stays null until CONTACT_TO accepted it.
 */
export const contactInquiries = pgTable(
  'contact_inquiries',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    telegram: text('telegram'),
    inquiry: text('inquiry').notNull(),
    language: text('language').notNull(),
    receivedAt: ts('received_at').notNull(),
    mailedAt: ts('mailed_at'),
  },
  (t) => [index('contact_inquiries_received_at_idx').on(t.receivedAt)],
);
