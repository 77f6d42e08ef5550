import type { AlertInput } from '@spreadscope/contracts';
import { frequencyAllows, type Logger, type TriggerState } from '@spreadscope/core';
import {
  type AlertFireRecord,
  type AlertHistoryRow,
  type AlertStateRow,
  type AlertsRepository,
  loggableError,
  type UsersRepository,
} from '@spreadscope/db';
import { AlertBook, type AlertFire, type AlertRule, type MarketEngine } from '@spreadscope/engine';
import type { ListingMoment } from '../listing/listing-moments.ts';
import { isTransactional, type Notification, type Notifier } from '../notify/notifier.ts';
import type { WalletChangeEvent } from '../wallets/wallet-events.ts';
import { readDefinition, toRule } from './alert-mapping.ts';
import {
  listingMessage,
  listingRuleMatches,
  premiumMeets,
  walletMessage,
  walletRuleMatches,
} from './event-rules.ts';
import { fireMessage } from './fire-message.ts';
import { type Known, notificationFor, stateRow } from './fire-rows.ts';

export interface AlertEvaluatorOptions {
  readonly repo: AlertsRepository;
  readonly users: Pick<UsersRepository, 'findById'>;
  /** Null until a delivery module is wired: firings are recorded and stay `pending` until one is. */
  readonly notifier: Notifier | null;
  /** The engine of the running source (it is replaced when the source switches). */
  readonly engine: () => MarketEngine;
  /** The market clock. */
  readonly now: () => number;
  readonly logger: Logger;
  /** How often rules edited by other processes (API replicas) are read (default 2 s). */
  readonly syncMs?: number;
  /** How often the full list of active ids is compared, to drop deleted rules (default 30 s). */
  readonly reconcileMs?: number;
}

/** One firing to record: a level crossing on the tick, or an event a rule hears. */
interface Firing {
  readonly rule: AlertRule;
  readonly state: AlertStateRow;
  readonly at: number;
  readonly token: string;
  readonly pair: string;
  readonly value: number;
  readonly text: (language: 'ko' | 'en', definition: AlertInput) => { title: string; body: string };
}

/** Edits arrive with timestamps of other processes' clocks: each read looks this far back again. */
const SYNC_OVERLAP_MS = 5_000;

/**
 * Runs the alert rules on the engine's tick, once across the cluster: only in the process that owns the
 * market and the job runner (ROLE=all, or the active ROLE=ingest; a standby ingest has no market, so nothing
 * crosses there). The crossings of one tick are recorded (history rows, crossing numbers, trigger states)
 * in one transaction together with their outbox rows under `alert:<id>:<seq>` when the notifier's outbox
 * shares the database. With any other notifier they are recorded `pending`, handed over, then marked
 * `enqueued`; a crash in between is repaired at the next start by handing the pending rows over again — the
 * outbox keeps one per key, so the user sees each crossing once. Trigger states that changed without firing are saved in batches.
 */
export class AlertEvaluator {
  readonly book = new AlertBook();
  private readonly known = new Map<string, Known>();
  private syncedTo = 0;
  private timers: NodeJS.Timeout[] = [];
  private work: Promise<void> = Promise.resolve();
  private syncing: Promise<void> | null = null;
  private ready = false;
  private stopped = false;
  private readonly languages = new Map<string, 'ko' | 'en'>();

  constructor(private readonly options: AlertEvaluatorOptions) {}

  async start(): Promise<void> {
    await this.sync(true);
    await this.recoverPending();
    this.ready = true;
    const { syncMs = 2_000, reconcileMs = 30_000 } = this.options;
    this.timers.push(setInterval(() => void this.refresh(false), syncMs));
    this.timers.push(setInterval(() => void this.refresh(true), reconcileMs));
    // Min-duration clocks run on time alone: a quiet market still gets a look every second.
    this.timers.push(setInterval(() => this.onTick(), 1_000));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.syncing;
    this.flushStates();
    await this.work;
  }

  /** Reads changed rules now (called after a write in this process, and on a timer for the others). */
  refresh(reconcile = true): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.syncing ??= this.sync(reconcile)
      .catch((error: unknown) =>
        this.options.logger.warn(`alerts: reading rules failed: ${loggableError(error).message}`),
      )
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  /** Settles when everything decided so far is recorded and handed over (tests, shutdown). */
  async idle(): Promise<void> {
    await this.syncing;
    this.flushStates();
    await this.work;
  }

  /** One engine tick. */
  onTick(): void {
    if (!this.ready || this.stopped) return;
    const fires = this.book.evaluate(this.options.engine(), this.options.now());
    if (fires.length > 0) {
      const recorded = fires.map((fire) => ({ fire, state: stateRow(fire.watch) }));
      for (const { fire } of recorded) this.book.changed.delete(fire.watch);
      this.work = this.work.then(() => this.deliver(recorded));
    }
    if (this.book.changed.size >= 500) this.flushStates();
  }

  private flushStates(): void {
    if (this.book.changed.size === 0) return;
    const rows = [...this.book.changed].map(stateRow);
    this.book.changed.clear();
    const now = Date.now();
    this.work = this.work.then(() =>
      this.options.repo.saveStates(rows, now).catch((error: unknown) => {
        this.options.logger.warn(
          `alerts: saving ${rows.length} trigger states failed: ${loggableError(error).message}`,
        );
      }),
    );
  }

  private async sync(reconcile: boolean): Promise<void> {
    const { repo } = this.options;
    const since = this.syncedTo === 0 ? 0 : this.syncedTo - SYNC_OVERLAP_MS;
    const rows = await repo.changedSince(since);
    const upserts: { id: string; rule: NonNullable<ReturnType<typeof toRule>> }[] = [];
    for (const row of rows) {
      this.syncedTo = Math.max(this.syncedTo, row.updatedAt);
      const known = this.known.get(row.id);
      if (known && known.updatedAt === row.updatedAt) continue;
      const definition = readDefinition(row);
      const rule = definition ? toRule(row.id, definition, row) : null;
      if (!definition || !rule || !row.active) {
        this.known.delete(row.id);
        this.book.remove(row.id);
        continue;
      }
      this.known.set(row.id, { updatedAt: row.updatedAt, userId: row.userId, definition });
      upserts.push({ id: row.id, rule });
    }
    if (upserts.length > 0) {
      this.flushStates();
      await this.work;
      const states = await repo.states(upserts.map((u) => u.id));
      const byRule = new Map<string, Map<string, TriggerState>>();
      for (const s of states) {
        let map = byRule.get(s.alertId);
        if (!map) {
          map = new Map();
          byRule.set(s.alertId, map);
        }
        map.set(s.watchKey, { armed: s.armed, sign: s.sign, since: s.since, last: s.last ?? Number.NaN });
      }
      for (const { id, rule } of upserts) this.book.upsert(rule, byRule.get(id));
    }
    if (reconcile && this.syncedTo > 0) {
      const active = new Set(await repo.activeIds());
      for (const id of [...this.known.keys()]) {
        if (active.has(id)) continue;
        this.known.delete(id);
        this.book.remove(id);
      }
    }
  }

  /** Firings recorded before a crash but never handed to the outbox go out now, under their own keys. */
  private async recoverPending(): Promise<void> {
    if (!this.options.notifier) return;
    const pending = await this.options.repo.pendingFires();
    await this.handOver(pending);
    if (pending.length > 0)
      this.options.logger.info(`alerts: handed over ${pending.length} firings left pending`);
  }

  private deliver(recorded: { fire: AlertFire; state: AlertStateRow }[]): Promise<void> {
    return this.record(
      recorded.map(({ fire, state }) => ({
        rule: fire.rule,
        state,
        at: fire.at,
        token: fire.watch.token,
        pair: fire.pair,
        value: fire.value,
        text: (language, definition) =>
          fireMessage(language, definition, {
            token: fire.watch.token,
            pair: fire.pair,
            dataType: fire.rule.dataType,
            condition: fire.rule.condition,
            threshold: fire.rule.threshold,
            value: fire.value,
          }),
      })),
    );
  }

  /**
   * A deposit or withdrawal changed: wallet-status rules that cover it fire (their frequency and premium
   * condition allowing). Runs only where rules are evaluated (the market's process).
   */
  onWalletChange(event: WalletChangeEvent, premiumPct: number | null): void {
    this.onEvent(
      (d) => walletRuleMatches(d, event) && premiumMeets(d, premiumPct),
      event.at,
      `wallet:${event.exchange}:${event.asset}:${event.network}`,
      {
        token: event.asset,
        pair: `${event.exchange} ${event.network} ${event.kind}`,
        value: premiumPct ?? 0,
        text: (language, definition) => walletMessage(language, definition, event, premiumPct),
      },
    );
  }

  /** A listing's notice, deposit opening or trading start: listing-arbitrage rules that cover it fire. */
  onListingMoment(moment: ListingMoment): void {
    this.onEvent(
      (d) => listingRuleMatches(d, moment) && premiumMeets(d, moment.premiumPct),
      moment.at,
      `listing:${moment.slug}`,
      {
        token: moment.base,
        pair: `${moment.slug} ${moment.kind}`,
        value: moment.premiumPct ?? 0,
        text: (language, definition) => listingMessage(language, definition, moment),
      },
    );
  }

  private onEvent(
    matches: (definition: AlertInput) => boolean,
    at: number,
    key: string,
    what: Pick<Firing, 'token' | 'pair' | 'value' | 'text'>,
  ): void {
    if (!this.ready || this.stopped) return;
    const firings: Firing[] = [];
    for (const [id, known] of this.known) {
      const rule = this.book.get(id);
      if (!rule?.active || at > rule.expiresAt || !matches(known.definition)) continue;
      if (!frequencyAllows(rule, rule.lastFiredAt, at)) continue;
      rule.lastFiredAt = at;
      if (rule.once) rule.active = false;
      const state = { alertId: id, watchKey: key, armed: false, sign: 0, since: at, last: what.value };
      firings.push({ rule, state, at, ...what });
    }
    if (firings.length > 0) this.work = this.work.then(() => this.record(firings));
  }

  /**
   * Records the firings of one tick together (crossing numbers, history rows, rule states) in one transaction.
   * A notifier whose outbox shares the database writes its rows in that same transaction; any other gets them
   * right after, all at once, and the rows it took are marked `enqueued` in one statement.
   */
  private async record(firings: readonly Firing[]): Promise<void> {
    const records: AlertFireRecord[] = [];
    for (const firing of firings) {
      const { rule } = firing;
      const known = this.known.get(rule.id);
      if (!known) continue;
      try {
        const language = await this.languageOf(known.userId);
        const { title, body } = firing.text(language, known.definition);
        records.push({
          alertId: rule.id,
          userId: known.userId,
          alertName: known.definition.name,
          once: rule.once,
          state: firing.state,
          firedAt: firing.at,
          token: firing.token,
          pair: firing.pair,
          dataType: rule.dataType,
          condition: rule.condition,
          threshold: rule.threshold,
          value: firing.value,
          title,
          body,
          notification: (seq) => notificationFor(rule.id, seq, known, language, title, body, firing.at),
        });
      } catch (error) {
        this.options.logger.error(
          `alerts: preparing a firing of ${rule.id} failed: ${loggableError(error).message}`,
        );
      }
    }
    if (records.length === 0) return;
    const notifier = this.options.notifier;
    const joined = notifier && isTransactional(notifier) ? notifier : null;
    if (joined) {
      try {
        let afterCommit = () => {};
        await this.options.repo.recordFires(records, async (tx, recorded) => {
          afterCommit = await joined.enqueueIn(
            tx,
            recorded.map((row) => row.notification as unknown as Notification),
          );
        });
        afterCommit();
        return;
      } catch (error) {
        // Nothing of the tick was kept (one transaction), but the book already counts these as told: record
        // them `pending` on their own, for the hand-over below or the recovery at the next start.
        this.options.logger.warn(
          `alerts: recording ${records.length} firings with their outbox rows failed: ${loggableError(error).message}`,
        );
      }
    }
    try {
      await this.handOver(await this.options.repo.recordFires(records));
    } catch (error) {
      this.options.logger.error(
        `alerts: recording ${records.length} firings failed: ${loggableError(error).message}`,
      );
    }
  }

  /** Hands recorded firings to the notifier side by side; what it refused stays pending for a later try. */
  private async handOver(rows: readonly AlertHistoryRow[]): Promise<void> {
    const notifier = this.options.notifier;
    if (!notifier || rows.length === 0) return;
    const taken: string[] = [];
    await Promise.all(
      rows.map(async (row) => {
        try {
          await notifier.enqueue(row.notification as unknown as Notification);
          taken.push(row.id);
        } catch (error) {
          // Left pending: the next start (or the next recovery) hands it over under the same key.
          this.options.logger.warn(
            `alerts: handing firing ${row.alertId}:${row.seq} over failed: ${loggableError(error).message}`,
          );
        }
      }),
    );
    try {
      await this.options.repo.markEnqueued(taken);
    } catch (error) {
      // Still pending: handed over again later under the same keys, which the outbox stores once.
      this.options.logger.warn(`alerts: marking firings enqueued failed: ${loggableError(error).message}`);
    }
  }

  private async languageOf(userId: string): Promise<'ko' | 'en'> {
    const cached = this.languages.get(userId);
    if (cached) return cached;
    const user = await this.options.users.findById(userId);
    const language = user?.language === 'en' ? 'en' : 'ko';
    this.languages.set(userId, language);
    return language;
  }

  /** Retries pending hand-overs (a notifier that was down); called on a slow timer by the caller if wanted. */
  retryPending(): Promise<void> {
    this.work = this.work.then(() => this.recoverPending());
    return this.work;
  }
}
