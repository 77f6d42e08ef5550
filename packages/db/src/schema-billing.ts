import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Billed money: integer minor units (cents, won); bigint so a yearly KRW total never overflows. */
const minor = (name: string) => bigint(name, { mode: 'number' });

/**
 * One subscription per user (spec §3): the provider's state mirrored here so pages and plan checks never
 * wait on the provider. `status` is spec §4's list; `ends_at` is when access stops after a cancellation.
 * `last_event_at` is the provider's own time of the newest state applied, so an older event arriving late
 * cannot roll the row back.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    customerId: text('customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique('subscriptions_provider_id_key'),
    plan: text('plan').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    trialEnd: ts('trial_end'),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    endsAt: ts('ends_at'),
    expiredAt: ts('expired_at'),
    freeUntil: ts('free_until'),
    paymentMethod: text('payment_method'),
    cancelReasons: text('cancel_reasons').array().notNull().default(sql`'{}'::text[]`),
    cancelOther: text('cancel_other'),
    canceledAt: ts('canceled_at'),
    lastEventAt: ts('last_event_at'),
    /** The invitee's first successful payment has rewarded the referral (once). */
    referralRewarded: boolean('referral_rewarded').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused', 'cancelRequested', 'expired')`,
    ),
    check('subscriptions_plan_check', sql`${t.plan} in ('starter', 'pro', 'pro_plus')`),
    check('subscriptions_amount_check', sql`${t.amountMinor} >= 0`),
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

/** Invoices as the provider issued them (local ones charge nothing); the page lists them with PDFs. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    number: text('number'),
    status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: minor('subtotal_minor').notNull(),
    amountDueMinor: minor('amount_due_minor').notNull(),
    amountPaidMinor: minor('amount_paid_minor').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    description: text('description').notNull().default(''),
    pdfUrl: text('pdf_url'),
    hostedUrl: text('hosted_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoices_user_created_idx').on(t.userId, t.createdAt)],
);

/** Provider events received, by id: a replayed webhook finds its row and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId], name: 'billing_events_pkey' })],
);

/**
 * Coupons (spec §3): a free period on a plan. Referral coupons come from the referral programme (source_user
 * names the other side), VIP partner coupons from the operator. Using one is irreversible (`used_at`).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['referral', 'vip_partner'] }).notNull(),
    plan: text('plan').notNull(),
    periodUnit: text('period_unit', { enum: ['day', 'month', 'year'] }).notNull(),
    periodCount: integer('period_count').notNull(),
    promotionCode: text('promotion_code').notNull().unique('coupons_promotion_code_key'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    usedAt: ts('used_at'),
    /** Referral coupons: the other person of the referral, so one referral pays out once. */
    sourceUserId: text('source_user_id'),
    meta: jsonb('meta').notNull().default({}),
  },
  (t) => [
    check('coupons_period_check', sql`${t.periodCount} > 0`),
    index('coupons_user_idx').on(t.userId),
    uniqueIndex('coupons_referral_key').on(t.userId, t.sourceUserId),
  ],
);
