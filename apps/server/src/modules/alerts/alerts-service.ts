import {
  type Alert,
  type AlertBacktest,
  type AlertHistoryItem,
  type AlertInput,
  type AlertList,
  type AlertPatch,
  alertInputSchema,
  alertRuleIssues,
} from '@spreadscope/contracts';
import type { AlertBulkAction, AlertHistoryRow, AlertsRepository, UserRecord } from '@spreadscope/db';
import { ApiError } from '../../http/errors.ts';
import type { DeliveryAttempt, Notifier } from '../notify/notifier.ts';
import { alertAllowance, alertLimitError } from './alert-limits.ts';
import { normalizeInput, presentAlert, readDefinition } from './alert-mapping.ts';

export interface AlertsServiceDeps {
  readonly repo: AlertsRepository;
  readonly notifier: Notifier | null;
  readonly now: () => number;
  /** Replays a rule over stored history (alert-backtest.ts). */
  readonly backtest: (input: AlertInput, now: number) => Promise<AlertBacktest>;
  /** Told after every write, so an evaluator in this process picks the change up at once. */
  readonly onChange?: () => void;
}

/** Fields whose change makes a rule watch something else, or measure otherwise: its crossings start afresh. */
const TRIGGER_FIELDS: readonly (keyof AlertInput)[] = [
  'strategy',
  'tokens',
  'exchanges',
  'direction',
  'premiumType',
  'dataType',
  'condition',
  'threshold',
  'hysteresis',
  'upbitQuoteMarket',
  'minDurationMinutes',
];

/**
 * The alert bot's rules for one signed-in user (spec §3, §4, §5): the form's rules checked on every write
 * with the spec's words, the plan's limit counted in the database, history with every delivery attempt.
 */
export class AlertsService {
  constructor(private readonly deps: AlertsServiceDeps) {}

  async list(
    user: UserRecord,
    query: { status: string; strategy?: string | undefined; search?: string | undefined },
  ): Promise<AlertList> {
    const now = this.deps.now();
    const rows = await this.deps.repo.list(user.id);
    const all = rows.map((r) => presentAlert(r, now)).filter((a): a is Alert => a !== null);
    const search = query.search?.trim().toLowerCase();
    const alerts = all.filter(
      (a) =>
        (query.status === 'all' || a.status === query.status) &&
        (!query.strategy || a.strategy === query.strategy) &&
        (!search ||
          a.name.toLowerCase().includes(search) ||
          a.tokens.some((t) => t.toLowerCase() === search)),
    );
    return { alerts, limit: alertAllowance(user.plan).alerts, count: rows.length };
  }

  async get(user: UserRecord, id: string): Promise<Alert> {
    const row = await this.deps.repo.get(user.id, id);
    const alert = row ? presentAlert(row, this.deps.now()) : null;
    if (!alert) throw notFound();
    return alert;
  }

  async create(user: UserRecord, body: AlertInput): Promise<Alert> {
    const now = this.deps.now();
    const input = this.checked(user, body, now);
    const allowance = alertAllowance(user.plan);
    const id = crypto.randomUUID();
    const result = await this.deps.repo.insert(
      {
        id,
        userId: user.id,
        name: input.name,
        definition: input,
        active: input.active,
        expiresAt: input.expiresAt ?? null,
        createdAt: now,
        updatedAt: now,
      },
      allowance.alerts,
    );
    if (result === 'limit') throw alertLimitError(user.plan);
    this.deps.onChange?.();
    return this.get(user, id);
  }

  async update(user: UserRecord, id: string, patch: AlertPatch): Promise<Alert> {
    const now = this.deps.now();
    const row = await this.deps.repo.get(user.id, id);
    const current = row ? readDefinition(row) : null;
    if (!row || !current) throw notFound();
    const onlyActive = Object.keys(patch).every((k) => k === 'active');
    let next: AlertInput;
    if (onlyActive) {
      // Pausing always works; restarting an alert past its expiry is refused with the form's words.
      if (patch.active && row.expiresAt !== null && row.expiresAt <= now) {
        throw new ApiError(400, 'invalid_alert', 'alert.expiryPast', {}, 'expiresAt');
      }
      next = { ...current, active: patch.active ?? current.active };
    } else {
      const merged = alertInputSchema.parse({ ...current, ...stripUndefined(patch) });
      next = this.checked(user, merged, now);
    }
    const reset = TRIGGER_FIELDS.some((f) => JSON.stringify(current[f]) !== JSON.stringify(next[f]));
    const updated = await this.deps.repo.update(
      user.id,
      id,
      {
        name: next.name,
        definition: next,
        active: next.active,
        expiresAt: next.expiresAt ?? null,
        updatedAt: now,
      },
      reset,
    );
    if (!updated) throw notFound();
    this.deps.onChange?.();
    return this.get(user, id);
  }

  async delete(user: UserRecord, id: string): Promise<void> {
    if (!(await this.deps.repo.delete(user.id, id))) throw notFound();
    this.deps.onChange?.();
  }

  async bulk(user: UserRecord, action: AlertBulkAction): Promise<{ affected: number }> {
    const affected = await this.deps.repo.bulk(user.id, action, this.deps.now());
    if (affected > 0) this.deps.onChange?.();
    return { affected };
  }

  async history(
    user: UserRecord,
    query: { alertId?: string | undefined; limit: number },
  ): Promise<{ items: AlertHistoryItem[] }> {
    const rows = await this.deps.repo.history(user.id, query);
    const attempts = new Map<string, DeliveryAttempt[]>();
    const notifier = this.deps.notifier;
    const ids = notifier ? new Set(rows.map((r) => r.alertId).filter((a): a is string => a !== null)) : [];
    for (const alertId of ids) {
      for (const a of await (notifier as Notifier).attempts({ kind: 'alert', id: alertId }, 1000)) {
        const list = attempts.get(a.idempotencyKey);
        if (list) list.push(a);
        else attempts.set(a.idempotencyKey, [a]);
      }
    }
    return { items: rows.map((r) => presentHistory(r, attempts.get(`alert:${r.alertId}:${r.seq}`) ?? [])) };
  }

  async deleteHistory(user: UserRecord): Promise<{ deleted: number }> {
    const deleted = await this.deps.repo.deleteHistory(user.id);
    if (deleted === 0) throw new ApiError(404, 'no_history', 'alert.noHistoryToDelete');
    return { deleted };
  }

  async backtest(user: UserRecord, body: AlertInput): Promise<AlertBacktest> {
    const now = this.deps.now();
    // A back-test runs before saving: the rule must be a valid rule, except that it needs no channel yet.
    const input = this.checked(user, body, now, ['channels', 'telegramChatId', 'name', 'message']);
    return this.deps.backtest(input, now);
  }

  /** Spec §5 on the server: the first rule broken is a 400 naming its field, in the caller's language. */
  private checked(user: UserRecord, body: AlertInput, now: number, skip: readonly string[] = []): AlertInput {
    const input = normalizeInput(body);
    const issues = alertRuleIssues(input, {
      now,
      maxTokens: alertAllowance(user.plan).tokensPerAlert,
    }).filter((i) => !skip.includes(i.field));
    const first = issues[0];
    if (first) throw new ApiError(400, 'invalid_alert', first.key, first.params ?? {}, first.field);
    return input;
  }
}

function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'alert.notFound');
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function presentHistory(r: AlertHistoryRow, deliveries: DeliveryAttempt[]): AlertHistoryItem {
  return {
    id: r.id,
    alertId: r.alertId,
    alertName: r.alertName,
    seq: r.seq,
    firedAt: r.firedAt,
    token: r.token,
    pair: r.pair,
    dataType: r.dataType as AlertHistoryItem['dataType'],
    condition: r.condition as AlertHistoryItem['condition'],
    threshold: r.threshold,
    value: r.value,
    title: r.title,
    body: r.body,
    status: r.status,
    deliveries: deliveries.map((d) => ({
      channel: d.channel,
      attempt: d.attempt,
      outcome: d.outcome,
      ...(d.error ? { error: d.error } : {}),
      at: d.at,
    })),
  };
}
