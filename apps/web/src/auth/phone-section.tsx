import type { PhoneStatus, PhoneVerificationStarted } from '@spreadscope/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { ApiError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { callApi } from './account-api.ts';
import { errorText, fieldError } from './error-text.ts';
import { formatDateTime } from './format-date.ts';
import { TextField } from './text-field.tsx';
import './phone-section.css';

const QUERY_KEY = ['account', 'phone'];
/** Answers after which the code the page waits for is gone: the page goes back to the number. */
const CODE_GONE = new Set(['code_expired', 'too_many_attempts', 'no_code', 'phone_taken']);

/** Seconds until `at`, ticking while there is something to count down. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** /my/account: link a mobile number by a one-time code (spec §3 User), show it masked, remove it. */
export function PhoneSection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callApi<PhoneStatus>('GET', '/account/phone', language),
  });
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [simulatedCode, setSimulatedCode] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = status.data;
  const pending = data?.pending ?? null;
  const resendIn = useSecondsUntil(pending?.resendAt ?? null);

  const set = (next: PhoneStatus) => client.setQueryData(QUERY_KEY, next);
  const refresh = () => client.invalidateQueries({ queryKey: QUERY_KEY });

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setNumberError(null);
    setCodeError(null);
    setBusy(true);
    try {
      const started = await callApi<PhoneVerificationStarted>(
        'POST',
        '/account/phone/verification',
        language,
        {
          phone: number,
        },
      );
      setSimulatedCode(started.simulatedCode ?? null);
      setCode('');
      if (data) set({ ...data, pending: started.pending });
    } catch (failure) {
      const { field, message } = fieldError(failure, t);
      if (pending && field !== 'phone') setCodeError(message);
      else setNumberError(message);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setCodeError(null);
    setBusy(true);
    try {
      set(await callApi<PhoneStatus>('POST', '/account/phone/verification/confirm', language, { code }));
      setSimulatedCode(null);
      setChanging(false);
      setCode('');
      setNumber('');
      toast.success(t('phone.done'));
    } catch (failure) {
      if (failure instanceof ApiError && CODE_GONE.has(failure.code)) {
        setSimulatedCode(null);
        setNumberError(errorText(failure, t));
        await refresh();
      } else {
        setCodeError(errorText(failure, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const otherNumber = async () => {
    setCodeError(null);
    setSimulatedCode(null);
    try {
      await callApi('DELETE', '/account/phone/verification', language);
      if (data) set({ ...data, pending: null });
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };

  const remove = async () => {
    if (!data?.phone || !window.confirm(t('phone.removeConfirm', { number: data.phone.number }))) return;
    try {
      await callApi('DELETE', '/account/phone', language);
      set({ ...data, phone: null });
      toast.success(t('phone.removed'));
    } catch (failure) {
      toast.error(errorText(failure, t));
      await refresh();
    }
  };

  const time = (epochMs: number) =>
    new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
    }).format(epochMs);

  return (
    <div className="auth-card phone-section" data-testid="account-phone">
      <h2>{t('phone.heading')}</h2>
      <p className="auth-card__lead">{t('phone.lead')}</p>
      {data?.provider === 'simulated' ? (
        <p className="auth-notice" data-testid="phone-simulated">
          {t('phone.simulated')}
        </p>
      ) : null}
      {status.error ? <p className="auth-notice auth-notice--bad">{errorText(status.error, t)}</p> : null}

      {data?.phone ? (
        <div className="phone-linked" data-testid="phone-linked">
          <span className="phone-linked__label">{t('phone.linked')}</span>
          <strong className="phone-linked__number" data-testid="phone-number">
            {data.phone.number}
          </strong>
          {data.phone.provider === 'simulated' ? (
            <span className="phone-badge" data-testid="phone-linked-simulated">
              {t('phone.simulatedBadge')}
            </span>
          ) : null}
          <span className="auth-muted">
            {t('phone.linkedAt', { time: formatDateTime(data.phone.verifiedAt, language) })}
          </span>
          {!changing && !pending ? (
            <span className="phone-actions">
              <button
                type="button"
                className="button"
                onClick={() => setChanging(true)}
                data-testid="phone-change"
              >
                {t('phone.change')}
              </button>
              <button type="button" className="button" onClick={remove} data-testid="phone-remove">
                {t('phone.remove')}
              </button>
            </span>
          ) : null}
        </div>
      ) : data ? (
        <p className="auth-muted" data-testid="phone-none">
          {t('phone.none')}
        </p>
      ) : null}

      {data && pending ? (
        <form className="phone-step" onSubmit={confirm} data-testid="phone-code-step">
          <p role="status" data-testid="phone-sent-to">
            {t('phone.sentTo', {
              number: pending.number,
              length: data.codeLength,
              time: time(pending.expiresAt),
            })}
          </p>
          {simulatedCode ? (
            <p className="auth-secret" data-testid="phone-simulated-code">
              {t('phone.simulatedCode', { code: simulatedCode })}
            </p>
          ) : null}
          <div className="auth-row">
            <TextField
              label={t('phone.code')}
              value={code}
              onChange={(value) => setCode(value.replace(/[^\d]/g, '').slice(0, data.codeLength))}
              error={codeError}
              hint={t('phone.attemptsLeft', { count: pending.attemptsLeft })}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d*"
              maxLength={data.codeLength}
              testId="phone-code"
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              data-testid="phone-confirm"
            >
              {t('phone.confirm')}
            </button>
          </div>
          <div className="phone-actions">
            {number ? (
              <button
                type="button"
                className="button"
                disabled={busy || resendIn > 0}
                onClick={() => send()}
                data-testid="phone-resend"
              >
                {resendIn > 0 ? t('phone.resendIn', { seconds: resendIn }) : t('phone.resend')}
              </button>
            ) : null}
            <button type="button" className="button" onClick={otherNumber} data-testid="phone-other-number">
              {t('phone.otherNumber')}
            </button>
          </div>
        </form>
      ) : data && (!data.phone || changing) ? (
        <form className="auth-row" onSubmit={send} data-testid="phone-number-step">
          <TextField
            label={t('phone.number')}
            value={number}
            onChange={setNumber}
            error={numberError}
            hint={t('phone.numberHint')}
            placeholder={t('phone.numberPlaceholder')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={40}
            testId="phone-input"
          />
          <button type="submit" className="button button--primary" disabled={busy} data-testid="phone-send">
            {busy ? t('phone.sending') : t('phone.send')}
          </button>
          {changing ? (
            <button type="button" className="button" onClick={() => setChanging(false)}>
              {t('phone.cancel')}
            </button>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
