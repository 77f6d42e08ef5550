import type {
  BillingInterval,
  CancelReason,
  CouponPeriodUnit,
  CouponType,
  PurchasablePlan,
  SubscriptionStatus,
} from '@spreadscope/core';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { users } from './schema-accounts.ts';
import { billingEvents, coupons, invoices, subscriptions } from './schema-billing.ts';
import { uniqueViolation } from './unique-violation.ts';

export type ProviderName = 'local' | 'stripe';

export interface SubscriptionRecord {
  readonly userId: string;
  readonly provider: ProviderName;
  readonly customerId: string | null;
  readonly providerSubscriptionId: string | null;
  readonly plan: PurchasablePlan;
  readonly interval: BillingInterval;
  readonly status: SubscriptionStatus;
  readonly currency: string;
  readonly amountMinor: number;
  readonly trialEnd: number | null;
  readonly currentPeriodStart: number;
  readonly currentPeriodEnd: number;
  readonly endsAt: number | null;
  readonly expiredAt: number | null;
  readonly freeUntil: number | null;
  readonly paymentMethod: string | null;
  readonly cancelReasons: readonly CancelReason[];
  readonly cancelOther: string | null;
  readonly canceledAt: number | null;
  readonly lastEventAt: number | null;
  readonly referralRewarded: boolean;
}

export interface InvoiceRecord {
  readonly id: string;
  readonly userId: string;
  readonly provider: ProviderName;
  readonly number: string | null;
  readonly status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  readonly currency: string;
  readonly subtotalMinor: number;
  readonly amountDueMinor: number;
  readonly amountPaidMinor: number;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly description: string;
  readonly pdfUrl: string | null;
  readonly hostedUrl: string | null;
  readonly createdAt: number;
}

export interface CouponRecord {
  readonly id: string;
  readonly userId: string;
  readonly type: CouponType;
  readonly plan: PurchasablePlan;
  readonly periodUnit: CouponPeriodUnit;
  readonly periodCount: number;
  readonly promotionCode: string;
  readonly receivedAt: number;
  readonly expiresAt: number | null;
  readonly usedAt: number | null;
  readonly sourceUserId: string | null;
}

export interface BillingRepository {
  subscriptionOf(userId: string): Promise<SubscriptionRecord | null>;
  subscriptionByProviderId(id: string): Promise<SubscriptionRecord | null>;
  userIdByCustomer(customerId: string): Promise<string | null>;
  /** Writes the whole row (insert or replace). */
  saveSubscription(record: SubscriptionRecord): Promise<void>;
  /** Subscriptions of one provider whose period (or access) ended by `at`: the local cycle and expiry. */
  dueSubscriptions(at: number, provider?: ProviderName): Promise<SubscriptionRecord[]>;
  saveInvoice(record: InvoiceRecord): Promise<void>;
  invoiceById(id: string): Promise<InvoiceRecord | null>;
  invoicesOf(userId: string, limit: number): Promise<InvoiceRecord[]>;
  /** Records a provider event id; false when it was seen before (a replay). */
  recordEvent(provider: ProviderName, eventId: string, type: string, at: number): Promise<boolean>;
  /** Inserts a coupon; false when one already exists for that referral (same owner and source). */
  insertCoupon(record: CouponRecord): Promise<boolean>;
  couponsOf(userId: string): Promise<CouponRecord[]>;
  couponById(id: string): Promise<CouponRecord | null>;
  /** Marks a coupon used if still unused; false when it was used already (irreversible, once). */
  markCouponUsed(id: string, at: number): Promise<boolean>;
  /** The referral's invitees, newest first, with their count. */
  invitees(userId: string, limit: number): Promise<{ count: number; latest: { name: string; at: number }[] }>;
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const ms = (d: Date | null) => (d === null ? null : d.getTime());

type SubRow = typeof subscriptions.$inferSelect;
function subFromRow(r: SubRow): SubscriptionRecord {
  return {
    userId: r.userId,
    provider: r.provider,
    customerId: r.customerId,
    providerSubscriptionId: r.providerSubscriptionId,
    plan: r.plan as PurchasablePlan,
    interval: r.interval,
    status: r.status as SubscriptionStatus,
    currency: r.currency,
    amountMinor: r.amountMinor,
    trialEnd: ms(r.trialEnd),
    currentPeriodStart: r.currentPeriodStart.getTime(),
    currentPeriodEnd: r.currentPeriodEnd.getTime(),
    endsAt: ms(r.endsAt),
    expiredAt: ms(r.expiredAt),
    freeUntil: ms(r.freeUntil),
    paymentMethod: r.paymentMethod,
    cancelReasons: r.cancelReasons as CancelReason[],
    cancelOther: r.cancelOther,
    canceledAt: ms(r.canceledAt),
    lastEventAt: ms(r.lastEventAt),
    referralRewarded: r.referralRewarded,
  };
}

type InvoiceRow = typeof invoices.$inferSelect;
function invoiceFromRow(r: InvoiceRow): InvoiceRecord {
  return {
    ...r,
    periodStart: r.periodStart.getTime(),
    periodEnd: r.periodEnd.getTime(),
    createdAt: r.createdAt.getTime(),
  };
}

type CouponRow = typeof coupons.$inferSelect;
function couponFromRow(r: CouponRow): CouponRecord {
  return {
    id: r.id,
    userId: r.userId,
    type: r.type,
    plan: r.plan as PurchasablePlan,
    periodUnit: r.periodUnit,
    periodCount: r.periodCount,
    promotionCode: r.promotionCode,
    receivedAt: r.receivedAt.getTime(),
    expiresAt: ms(r.expiresAt),
    usedAt: ms(r.usedAt),
    sourceUserId: r.sourceUserId,
  };
}

export function createBillingRepository(database: Pick<Database, 'db'>): BillingRepository {
  const { db } = database;
  return {
    async subscriptionOf(userId) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row ? subFromRow(row) : null;
    },
    async subscriptionByProviderId(id) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, id))
        .limit(1);
      return row ? subFromRow(row) : null;
    },
    async userIdByCustomer(customerId) {
      const [row] = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customerId))
        .limit(1);
      return row?.userId ?? null;
    },
    async saveSubscription(r) {
      const values = {
        ...r,
        cancelReasons: [...r.cancelReasons],
        trialEnd: date(r.trialEnd),
        currentPeriodStart: new Date(r.currentPeriodStart),
        currentPeriodEnd: new Date(r.currentPeriodEnd),
        endsAt: date(r.endsAt),
        expiredAt: date(r.expiredAt),
        freeUntil: date(r.freeUntil),
        canceledAt: date(r.canceledAt),
        lastEventAt: date(r.lastEventAt),
        updatedAt: new Date(),
      };
      const { userId: _userId, ...set } = values;
      await db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set });
    },
    async dueSubscriptions(at, provider) {
      const due = lte(subscriptions.currentPeriodEnd, new Date(at));
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            provider ? eq(subscriptions.provider, provider) : undefined,
            inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'cancelRequested', 'canceled']),
            due,
          ),
        )
        .limit(500);
      return rows.map(subFromRow);
    },
    async saveInvoice(r) {
      const values = {
        ...r,
        periodStart: new Date(r.periodStart),
        periodEnd: new Date(r.periodEnd),
        createdAt: new Date(r.createdAt),
      };
      const { id: _id, ...set } = values;
      await db.insert(invoices).values(values).onConflictDoUpdate({ target: invoices.id, set });
    },
    async invoiceById(id) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
      return row ? invoiceFromRow(row) : null;
    },
    async invoicesOf(userId, limit) {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(limit);
      return rows.map(invoiceFromRow);
    },
    async recordEvent(provider, eventId, type, at) {
      const rows = await db
        .insert(billingEvents)
        .values({ provider, eventId, type, receivedAt: new Date(at) })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      return rows.length > 0;
    },
    async insertCoupon(r) {
      try {
        await db.insert(coupons).values({
          ...r,
          receivedAt: new Date(r.receivedAt),
          expiresAt: date(r.expiresAt),
          usedAt: date(r.usedAt),
        });
        return true;
      } catch (error) {
        if (uniqueViolation(error) === 'coupons_referral_key') return false;
        throw error;
      }
    },
    async couponsOf(userId) {
      const rows = await db
        .select()
        .from(coupons)
        .where(eq(coupons.userId, userId))
        .orderBy(desc(coupons.receivedAt), desc(coupons.id));
      return rows.map(couponFromRow);
    },
    async couponById(id) {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
      return row ? couponFromRow(row) : null;
    },
    async markCouponUsed(id, at) {
      const rows = await db
        .update(coupons)
        .set({ usedAt: new Date(at) })
        .where(and(eq(coupons.id, id), isNull(coupons.usedAt)))
        .returning({ id: coupons.id });
      return rows.length > 0;
    },
    async invitees(userId, limit) {
      const [counted] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.referredBy, userId));
      const rows = await db
        .select({ name: users.displayName, at: users.createdAt })
        .from(users)
        .where(eq(users.referredBy, userId))
        .orderBy(desc(users.createdAt))
        .limit(limit);
      return {
        count: Number(counted?.count ?? 0),
        latest: rows.map((r) => ({ name: r.name, at: r.at.getTime() })),
      };
    },
  };
}
