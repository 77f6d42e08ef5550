import {
  ALERT_PRESETS,
  type AlertBacktest,
  type AlertDraft,
  type AlertRuleIssue,
  alertInputSchema,
  alertRuleIssues,
} from '@spreadscope/contracts';
import {
  ALERT_CONDITIONS,
  ALERT_FUNDING_INTERVALS,
  ALERT_INTERVAL_UNITS,
  ALERT_LISTING_TYPES,
  ALERT_MAX_TOKENS,
  ALERT_STRATEGIES,
  type AlertStrategy,
  entitlementsOf,
  type Plan,
  PREMIUM_TYPES,
  STRATEGY_DATA_TYPES,
  translate,
  UPBIT_QUOTE_MARKETS,
  VENUES,
} from '@spreadscope/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { formatDateTime } from '../../auth/format-date.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { ALERTS_QUERY_KEY, alertsApi, iosNotInstalled, notificationPermission } from './alerts-api.ts';
import { AlertsGate } from './alerts-gate.tsx';
import './alerts.css';

const STEP1 = ['name', 'message', 'strategy', 'tokens', 'exchanges', 'listingExchanges'];
const EMPTY: AlertDraft = {
  name: '',
  message: '',
  tokens: [],
  exchanges: [],
  direction: 'fixed',
  premiumType: 'spot-spot',
  channels: { telegram: false, toast: false, email: true },
  // Left unset on purpose: spec §5 wants the expiry chosen ("never" is a choice).
};

/** /alerts/new and /alerts/edit/:id: the two-step form (basic info, then setting) with every spec §5 rule. */
export function AlertFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { language } = useLocale();
  useDocumentTitle(t(id ? 'alerts.form.titleEdit' : 'alerts.form.titleNew'));
  const existing = useQuery({
    queryKey: ['alerts', 'one', id],
    queryFn: () => alertsApi.get(language, id as string),
    enabled: id !== undefined,
  });
  return (
    <AlertsGate>
      {(user) =>
        id && existing.isPending ? (
          <p className="alerts-page">{t('alerts.loading')}</p>
        ) : id && existing.isError ? (
          <p className="alerts-page" role="alert">
            {errorText(existing.error, t)}
          </p>
        ) : (
          <AlertForm
            plan={user.plan}
            id={id}
            initial={existing.data ? (existing.data as AlertDraft) : EMPTY}
          />
        )
      }
    </AlertsGate>
  );
}

function AlertForm({ plan, id, initial }: { plan: Plan; id: string | undefined; initial: AlertDraft }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<AlertDraft>(initial);
  const [tokensText, setTokensText] = useState((initial.tokens ?? []).join(', '));
  const [step, setStep] = useState<1 | 2>(1);
  const [shown, setShown] = useState<AlertRuleIssue[]>([]);
  const [serverError, setServerError] = useState<{ field: string | null; message: string } | null>(null);
  const [backtest, setBacktest] = useState<AlertBacktest | null>(null);
  const [testing, setTesting] = useState(false);
  const [saving, setSaving] = useState(false);
  const maxTokens = entitlementsOf(plan).paid ? ALERT_MAX_TOKENS : 1;

  const set = (patch: Partial<AlertDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setBacktest(null);
  };
  const withTokens = (d: AlertDraft): AlertDraft => ({
    ...d,
    tokens: tokensText.split(/[\s,]+/).filter((s) => s !== ''),
  });
  const issuesOf = (d: AlertDraft, forBacktest = false): AlertRuleIssue[] => {
    const parsed = alertInputSchema.safeParse(d);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return [{ field: first?.path.join('.') ?? 'request', key: 'error.badRequest' }];
    }
    const ctx = forBacktest
      ? { now: Date.now(), maxTokens }
      : {
          now: Date.now(),
          maxTokens,
          notificationPermission: notificationPermission(),
          iosNotInstalled: iosNotInstalled(),
        };
    return alertRuleIssues(parsed.data, ctx).filter(
      (i) =>
        !forBacktest ||
        !['channels', 'channels.toast', 'telegramChatId', 'name', 'message'].includes(i.field),
    );
  };
  const errorFor = (field: string): ReactNode => {
    const issue = shown.find((i) => i.field === field);
    const text = issue
      ? translate(language, issue.key, issue.params)
      : serverError?.field === field
        ? serverError.message
        : null;
    return text ? (
      <span className="alerts-field-error" role="alert" data-testid={`error-${field}`}>
        {text}
      </span>
    ) : null;
  };

  const next = () => {
    const issues = issuesOf(withTokens(draft)).filter((i) => STEP1.includes(i.field));
    setShown(issues);
    if (issues.length === 0) setStep(2);
  };

  const runBacktest = async () => {
    const d = withTokens(draft);
    const issues = issuesOf(d, true);
    setShown(issues);
    if (issues.length > 0) return;
    setTesting(true);
    try {
      setBacktest(await alertsApi.backtest(language, d));
    } catch (error) {
      toast.error(errorText(error, t));
    } finally {
      setTesting(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const d = withTokens(draft);
    const issues = issuesOf(d);
    setShown(issues);
    setServerError(null);
    if (issues.length > 0) {
      if (issues.some((i) => STEP1.includes(i.field))) setStep(1);
      return;
    }
    setSaving(true);
    try {
      if (id) await alertsApi.update(language, id, d);
      else await alertsApi.create(language, d);
      toast.success(t(id ? 'alerts.toasts.updated' : 'alerts.toasts.created'));
      await client.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
      navigate(to('/alerts'));
    } catch (error) {
      const field = error instanceof ApiError ? (error.param ?? null) : null;
      setServerError({ field, message: errorText(error, t) });
      const temporary = error instanceof ApiError && (error.status === null || (error.status ?? 0) >= 500);
      toast.error(
        t(
          temporary
            ? 'alerts.toasts.temporaryError'
            : id
              ? 'alerts.toasts.updateFailed'
              : 'alerts.toasts.createFailed',
        ),
        {
          description: errorText(error, t),
        },
      );
      if (field && STEP1.includes(field)) setStep(1);
    } finally {
      setSaving(false);
    }
  };

  const strategy = draft.strategy ?? null;
  const dataTypes = strategy ? STRATEGY_DATA_TYPES[strategy] : [];
  const exchanges = draft.exchanges ?? [];
  const toggleExchange = (venue: (typeof exchanges)[number]) =>
    set({
      exchanges: exchanges.includes(venue) ? exchanges.filter((v) => v !== venue) : [...exchanges, venue],
    });
  const channels = { telegram: false, toast: false, email: false, ...draft.channels };
  const num = (v: string) => (v.trim() === '' ? null : Number(v));

  return (
    <section className="alerts-page" data-testid="alert-form-page">
      <h1>{t(id ? 'alerts.form.titleEdit' : 'alerts.form.titleNew')}</h1>
      <div className="alerts-steps">
        <span aria-current={step === 1 ? 'step' : undefined}>{t('alerts.form.step1')}</span>
        <span aria-current={step === 2 ? 'step' : undefined}>{t('alerts.form.step2')}</span>
      </div>
      <form className="alerts-form" onSubmit={save} noValidate data-testid="alert-form">
        {step === 1 && (
          <fieldset>
            {!id && (
              <fieldset className="alerts-bulk">
                <legend>{t('alerts.presets')}</legend>
                {ALERT_PRESETS.map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    data-testid={`preset-${p.id}`}
                    onClick={() => {
                      setDraft({ ...EMPTY, ...p.draft, channels: channels });
                      setTokensText((p.draft.tokens ?? []).join(', '));
                    }}
                  >
                    {p.label[language]}
                  </button>
                ))}
              </fieldset>
            )}
            <label>
              {t('alerts.form.name')}
              <input
                name="name"
                value={draft.name ?? ''}
                onChange={(e) => set({ name: e.target.value })}
                maxLength={60}
              />
              {errorFor('name')}
            </label>
            <label>
              {t('alerts.form.message')}
              <textarea
                name="message"
                value={draft.message ?? ''}
                onChange={(e) => set({ message: e.target.value })}
                maxLength={500}
                rows={2}
              />
              {errorFor('message')}
            </label>
            <label>
              {t('alerts.form.strategy')}
              <select
                name="strategy"
                value={strategy ?? ''}
                onChange={(e) => {
                  const s = (e.target.value || null) as AlertStrategy | null;
                  set({ strategy: s, dataType: s ? STRATEGY_DATA_TYPES[s][0] : null });
                }}
              >
                <option value="">{t('alerts.form.choose')}</option>
                {ALERT_STRATEGIES.map((s) => (
                  <option key={s} value={s}>
                    {t(`alerts.strategies.${s}`)}
                  </option>
                ))}
              </select>
              {errorFor('strategy')}
            </label>
            <label>
              {t('alerts.form.tokens')}
              <input
                name="tokens"
                value={tokensText}
                onChange={(e) => setTokensText(e.target.value)}
                placeholder="BTC"
              />
              <small>{t('alerts.form.tokensHint')}</small>
              {errorFor('tokens')}
            </label>
            {strategy === 'listing-arbitrage' ? (
              <fieldset>
                <legend>{t('alerts.form.listingExchanges')}</legend>
                <div className="alerts-exchanges">
                  {VENUES.filter((v) => v.region === 'korea').map((v) => (
                    <label key={v.id} className="alerts-inline">
                      <input
                        type="checkbox"
                        checked={(draft.listingExchanges ?? []).includes(v.id)}
                        onChange={() => {
                          const list = draft.listingExchanges ?? [];
                          set({
                            listingExchanges: list.includes(v.id)
                              ? list.filter((x) => x !== v.id)
                              : [...list, v.id],
                          });
                        }}
                      />
                      {v.name}
                    </label>
                  ))}
                </div>
                {errorFor('listingExchanges')}
              </fieldset>
            ) : (
              <fieldset data-testid="exchanges">
                <legend>{t('alerts.form.exchanges')}</legend>
                <small>{t('alerts.form.exchangesHint')}</small>
                <div className="alerts-exchanges">
                  {VENUES.filter((v) => v.kind !== 'amm-dex').map((v) => (
                    <label key={v.id} className="alerts-inline">
                      <input
                        type="checkbox"
                        name={`exchange-${v.id}`}
                        checked={exchanges.includes(v.id)}
                        onChange={() => toggleExchange(v.id)}
                      />
                      {v.name}
                      {exchanges.includes(v.id) ? ` (${exchanges.indexOf(v.id) + 1})` : ''}
                    </label>
                  ))}
                </div>
                {errorFor('exchanges')}
              </fieldset>
            )}
            <label>
              {t('alerts.form.direction')}
              <select
                name="direction"
                value={draft.direction ?? 'any'}
                onChange={(e) => set({ direction: e.target.value as 'any' | 'fixed' })}
              >
                <option value="fixed">{t('alerts.form.directions.fixed')}</option>
                <option value="any">{t('alerts.form.directions.any')}</option>
              </select>
            </label>
            <label>
              {t('alerts.form.premiumType')}
              <select
                name="premiumType"
                value={draft.premiumType ?? 'spot-spot'}
                onChange={(e) => set({ premiumType: e.target.value as AlertDraft['premiumType'] })}
              >
                {PREMIUM_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <div className="alerts-bulk">
              <button type="button" onClick={() => navigate(to('/alerts'))}>
                {t('alerts.form.cancel')}
              </button>
              <button
                type="button"
                className="alerts-button--primary"
                onClick={next}
                data-testid="alert-next"
              >
                {t('alerts.form.next')}
              </button>
            </div>
          </fieldset>
        )}
        {step === 2 && (
          <fieldset>
            <label>
              {t('alerts.form.dataType')}
              <select
                name="dataType"
                value={draft.dataType ?? ''}
                onChange={(e) => set({ dataType: (e.target.value || null) as AlertDraft['dataType'] })}
              >
                <option value="">{t('alerts.form.choose')}</option>
                {dataTypes.map((d) => (
                  <option key={d} value={d}>
                    {t(`alerts.dataTypes.${d}`)}
                  </option>
                ))}
              </select>
              {errorFor('dataType')}
            </label>
            <label>
              {t('alerts.form.condition')}
              <select
                name="condition"
                value={draft.condition ?? ''}
                onChange={(e) => set({ condition: (e.target.value || null) as AlertDraft['condition'] })}
              >
                <option value="">{t('alerts.form.choose')}</option>
                {ALERT_CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {t(`alerts.conditions.${c}`)}
                  </option>
                ))}
              </select>
              {errorFor('condition')}
            </label>
            <label>
              {t('alerts.form.threshold')}
              <input
                name="threshold"
                type="number"
                step="any"
                inputMode="decimal"
                value={draft.threshold ?? ''}
                onChange={(e) => set({ threshold: num(e.target.value) })}
              />
              {errorFor('threshold')}
            </label>
            <label>
              {t('alerts.form.hysteresis')}
              <input
                name="hysteresis"
                type="number"
                step="any"
                min={0}
                value={draft.hysteresis ?? ''}
                onChange={(e) => set({ hysteresis: num(e.target.value) })}
              />
              {errorFor('hysteresis')}
            </label>
            <label>
              {t('alerts.form.frequency')}
              <select
                name="frequency"
                value={draft.frequency ?? ''}
                onChange={(e) =>
                  set({
                    frequency: (e.target.value || null) as AlertDraft['frequency'],
                    interval: e.target.value === 'every' ? (draft.interval ?? 1) : null,
                  })
                }
              >
                <option value="">{t('alerts.form.choose')}</option>
                <option value="once">{t('alerts.form.frequencies.once')}</option>
                <option value="every">{t('alerts.form.frequencies.every')}</option>
              </select>
              {errorFor('frequency')}
            </label>
            {draft.frequency === 'every' && (
              <label>
                {t('alerts.form.interval')}
                <span className="alerts-inline">
                  <input
                    name="interval"
                    type="number"
                    min={1}
                    step={1}
                    value={draft.interval ?? ''}
                    onChange={(e) => set({ interval: num(e.target.value) })}
                  />
                  <select
                    name="intervalUnit"
                    value={draft.intervalUnit ?? 'minute'}
                    onChange={(e) => set({ intervalUnit: e.target.value as AlertDraft['intervalUnit'] })}
                  >
                    {ALERT_INTERVAL_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {t(`alerts.form.units.${u}`)}
                      </option>
                    ))}
                  </select>
                </span>
                {errorFor('interval')}
              </label>
            )}
            <label>
              {t('alerts.form.expiry')}
              <select
                name="expiry"
                value={draft.expiresAt === undefined ? '' : draft.expiresAt === null ? 'none' : 'at'}
                onChange={(e) =>
                  set({
                    expiresAt:
                      e.target.value === ''
                        ? undefined
                        : e.target.value === 'none'
                          ? null
                          : Date.now() + 86_400_000,
                  })
                }
              >
                <option value="">{t('alerts.form.choose')}</option>
                <option value="none">{t('alerts.form.expiryNone')}</option>
                <option value="at">{t('alerts.form.expiryAt')}</option>
              </select>
              {typeof draft.expiresAt === 'number' && (
                <input
                  name="expiresAt"
                  type="datetime-local"
                  value={localInput(draft.expiresAt)}
                  onChange={(e) =>
                    set({ expiresAt: e.target.value ? new Date(e.target.value).getTime() : undefined })
                  }
                />
              )}
              {errorFor('expiresAt')}
            </label>
            <fieldset>
              <legend>{t('alerts.form.channels')}</legend>
              {(['telegram', 'toast', 'email'] as const).map((c) => (
                <label key={c} className="alerts-inline">
                  <input
                    type="checkbox"
                    name={`channel-${c}`}
                    checked={channels[c]}
                    onChange={() => set({ channels: { ...channels, [c]: !channels[c] } })}
                  />
                  {t(`alerts.channels.${c}`)}
                </label>
              ))}
              {errorFor('channels')}
              {channels.telegram && (
                <label>
                  {t('alerts.form.chatId')}
                  <input
                    name="telegramChatId"
                    value={draft.telegramChatId ?? ''}
                    onChange={(e) => set({ telegramChatId: e.target.value })}
                    inputMode="numeric"
                  />
                  <small>{t('alerts.form.chatIdHint')}</small>
                  {errorFor('telegramChatId')}
                </label>
              )}
              {channels.toast && (
                <div>
                  <small>{t('alerts.form.iosHint')}</small>
                  {notificationPermission() === 'default' && (
                    <button
                      type="button"
                      onClick={async () => {
                        const answer = await Notification.requestPermission();
                        if (answer === 'denied') toast.error(t('alerts.toasts.permissionDenied'));
                        setShown(issuesOf(withTokens(draft)));
                      }}
                    >
                      {t('alerts.form.allowNotifications')}
                    </button>
                  )}
                  {errorFor('channels.toast')}
                </div>
              )}
            </fieldset>
            <details>
              <summary>{t('alerts.form.advanced')}</summary>
              <label>
                {t('alerts.form.minVolumeSpot')}
                <input
                  name="minVolumeSpot"
                  type="number"
                  min={0}
                  value={draft.minVolumeSpot ?? ''}
                  onChange={(e) => set({ minVolumeSpot: num(e.target.value) })}
                />
                {errorFor('minVolumeSpot')}
              </label>
              <label>
                {t('alerts.form.minVolumeFutures')}
                <input
                  name="minVolumeFutures"
                  type="number"
                  min={0}
                  value={draft.minVolumeFutures ?? ''}
                  onChange={(e) => set({ minVolumeFutures: num(e.target.value) })}
                />
                {errorFor('minVolumeFutures')}
              </label>
              <label>
                {t('alerts.form.fundingInterval')}
                <select
                  name="fundingInterval"
                  value={draft.fundingInterval ?? 'all'}
                  onChange={(e) => set({ fundingInterval: e.target.value as AlertDraft['fundingInterval'] })}
                >
                  {ALERT_FUNDING_INTERVALS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('alerts.form.minDuration')}
                <input
                  name="minDurationMinutes"
                  type="number"
                  min={0}
                  step={1}
                  value={draft.minDurationMinutes ?? 0}
                  onChange={(e) => set({ minDurationMinutes: Number(e.target.value) })}
                />
                {errorFor('minDurationMinutes')}
              </label>
              <label>
                {t('alerts.form.blacklist')}
                <input
                  name="blacklistTokens"
                  value={(draft.blacklistTokens ?? []).join(', ')}
                  onChange={(e) => set({ blacklistTokens: e.target.value.split(/[\s,]+/).filter(Boolean) })}
                />
              </label>
              <label>
                {t('alerts.form.upbitQuote')}
                <select
                  name="upbitQuoteMarket"
                  value={draft.upbitQuoteMarket ?? 'KRW'}
                  onChange={(e) =>
                    set({ upbitQuoteMarket: e.target.value as AlertDraft['upbitQuoteMarket'] })
                  }
                >
                  {UPBIT_QUOTE_MARKETS.map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
              </label>
              {strategy === 'listing-arbitrage' && (
                <label>
                  {t('alerts.form.alertType')}
                  <select
                    name="alertType"
                    value={draft.alertType ?? ''}
                    onChange={(e) => set({ alertType: (e.target.value || null) as AlertDraft['alertType'] })}
                  >
                    <option value="">{t('alerts.form.choose')}</option>
                    {ALERT_LISTING_TYPES.map((l) => (
                      <option key={l} value={l}>
                        {t(`alerts.form.listingTypes.${l}`)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label className="alerts-inline">
                <input
                  type="checkbox"
                  checked={draft.overwriteExisting ?? false}
                  onChange={(e) => set({ overwriteExisting: e.target.checked })}
                />
                {t('alerts.form.overwrite')}
              </label>
            </details>
            <div className="alerts-backtest" data-testid="alert-backtest">
              <button type="button" onClick={runBacktest} disabled={testing} data-testid="alert-run-backtest">
                {testing ? t('alerts.backtest.running') : t('alerts.backtest.run')}
              </button>
              {backtest && <BacktestResult result={backtest} />}
            </div>
            <div className="alerts-bulk">
              <button type="button" onClick={() => setStep(1)}>
                {t('alerts.form.back')}
              </button>
              <button type="submit" disabled={saving} data-testid="alert-save">
                {saving ? t('alerts.form.saving') : t('alerts.form.save')}
              </button>
            </div>
            {serverError && !serverError.field && (
              <p className="alerts-field-error" role="alert">
                {serverError.message}
              </p>
            )}
          </fieldset>
        )}
      </form>
    </section>
  );

  function BacktestResult({ result }: { result: AlertBacktest }) {
    if (!result.supported) return <p>{t('alerts.backtest.unsupported')}</p>;
    const last = result.windows.find((w) => w.window === '30d')?.times.slice(-3) ?? [];
    return (
      <div data-testid="alert-backtest-result">
        <strong>{t('alerts.backtest.title')}</strong>
        <ul>
          {result.windows.map((w) => (
            <li key={w.window}>
              {t('alerts.backtest.result', {
                fires: w.fires,
                window: t(`alerts.backtest.windows.${w.window}`),
              })}
            </li>
          ))}
        </ul>
        <small>
          {result.events === undefined
            ? t('alerts.backtest.series', { count: result.series })
            : t('alerts.backtest.events', { count: result.events })}
          {result.skippedSeries > 0
            ? ` · ${t('alerts.backtest.skipped', { count: result.skippedSeries })}`
            : ''}
        </small>
        {last.length > 0 && (
          <p>
            {t('alerts.backtest.last', { times: last.map((x) => formatDateTime(x, language)).join(', ') })}
          </p>
        )}
      </div>
    );
  }
}

function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
