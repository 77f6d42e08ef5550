import type { SubscriptionInfo, SwitchPreviewInfo } from '@spreadscope/contracts';
import { CANCEL_REASONS, type CancelReason } from '@spreadscope/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../auth/error-text.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { billingCalls } from './billing-api.ts';
import { Modal } from './modal.tsx';
import { formatDay, formatMoney } from './money.ts';

/** Switch to yearly: the pre-invoice first (credit, new charge, next billing date), then confirm. */
export function SwitchDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [preview, setPreview] = useState<SwitchPreviewInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    billingCalls.preview(language).then(setPreview, (failure) => setError(errorText(failure, t)));
  }, [language, t]);
  const confirm = async () => {
    setBusy(true);
    try {
      await billingCalls.switchToYearly(language);
      onDone();
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(false);
    }
  };
  const money = (n: number) => (preview ? formatMoney(n, preview.currency, language) : '');
  return (
    <Modal title={t('billing.switch.title')} onClose={onClose} testId="switch-dialog">
      <p className="billing-muted">{t('billing.switch.lead')}</p>
      {preview ? (
        <dl className="billing-dl" data-testid="switch-preview">
          <dt>{t('billing.switch.yearly')}</dt>
          <dd data-testid="switch-yearly">{money(preview.yearly)}</dd>
          <dt>{t('billing.switch.credit')}</dt>
          <dd data-testid="switch-credit">−{money(preview.credit)}</dd>
          <dt>{t('billing.switch.charge')}</dt>
          <dd data-testid="switch-charge">
            <strong>{money(preview.charge)}</strong>
          </dd>
          <dt>{t('billing.switch.next')}</dt>
          <dd data-testid="switch-next">{formatDay(preview.nextBillingAt, language)}</dd>
        </dl>
      ) : null}
      {error ? (
        <p className="billing-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="billing-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('billing.switch.back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!preview || busy}
          onClick={confirm}
          data-testid="switch-confirm"
        >
          {t('billing.switch.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** Cancel: confirm → reasons (several, "other" with text) → completion (spec §4). */
export function CancelDialog({
  subscription,
  onClose,
  onDone,
}: {
  subscription: SubscriptionInfo;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [step, setStep] = useState<'confirm' | 'reasons' | 'done'>('confirm');
  const [reasons, setReasons] = useState<CancelReason[]>([]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [endsAt, setEndsAt] = useState(subscription.currentPeriodEnd);
  const toggle = (reason: CancelReason) =>
    setReasons((old) => (old.includes(reason) ? old.filter((r) => r !== reason) : [...old, reason]));
  const submit = async () => {
    if (reasons.length === 0) return setError(t('billing.cancel.pickOne'));
    if (reasons.includes('other') && other.trim() === '') return setError(t('billing.cancel.otherRequired'));
    setError(null);
    try {
      const updated = await billingCalls.cancel(
        language,
        reasons,
        reasons.includes('other') ? other.trim() : undefined,
      );
      setEndsAt(updated.endsAt ?? updated.currentPeriodEnd);
      setStep('done');
      onDone();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };
  const date = formatDay(endsAt, language);
  return (
    <Modal
      title={step === 'done' ? t('billing.cancel.doneTitle') : t('billing.cancel.title')}
      onClose={onClose}
      testId="cancel-dialog"
    >
      {step === 'confirm' ? (
        <>
          <p>{t('billing.cancel.confirmLead', { date })}</p>
          <div className="billing-actions">
            <button type="button" className="button" onClick={onClose} data-testid="cancel-keep">
              {t('billing.cancel.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => setStep('reasons')}
              data-testid="cancel-continue"
            >
              {t('billing.cancel.confirm')}
            </button>
          </div>
        </>
      ) : step === 'reasons' ? (
        <>
          <fieldset className="billing-reasons">
            <legend>{t('billing.cancel.reasonsTitle')}</legend>
            <p className="billing-muted">{t('billing.cancel.reasonsLead')}</p>
            {CANCEL_REASONS.map((reason) => (
              <label key={reason} className="billing-check">
                <input
                  type="checkbox"
                  checked={reasons.includes(reason)}
                  onChange={() => toggle(reason)}
                  data-testid={`cancel-reason-${reason}`}
                />
                {t(`billing.cancel.reasons.${reason}`)}
              </label>
            ))}
            {reasons.includes('other') ? (
              <textarea
                className="billing-textarea"
                maxLength={500}
                value={other}
                placeholder={t('billing.cancel.otherPlaceholder')}
                aria-label={t('billing.cancel.otherPlaceholder')}
                onChange={(event) => setOther(event.target.value)}
                data-testid="cancel-other"
              />
            ) : null}
          </fieldset>
          {error ? (
            <p className="billing-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="billing-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('billing.cancel.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={submit}
              data-testid="cancel-submit"
            >
              {t('billing.cancel.submit')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="cancel-done">{t('billing.cancel.doneLead', { date })}</p>
          <div className="billing-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={onClose}
              data-testid="cancel-close"
            >
              {t('billing.cancel.close')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
