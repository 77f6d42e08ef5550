import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../auth/account-api.ts';
import { errorText, fieldError } from '../auth/error-text.ts';
import { GoogleButton } from '../auth/google-button.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { PasswordMatch, PasswordRules } from '../auth/password-rules.tsx';
import { TextField } from '../auth/text-field.tsx';
import { useReferralCheck } from '../auth/use-referral-check.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import '../auth/auth.css';

const CONSENT_FIELDS = ['acceptTerms', 'acceptPrivacy'];

export function SignupPage() {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  useDocumentTitle(t('auth.titles.signup'));
  const [form, setForm] = useState({
    email: '',
    displayName: '',
    password: '',
    passwordConfirm: '',
    referralCode: '',
    acceptTerms: false,
    acceptPrivacy: false,
  });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const referral = useReferralCheck(form.referralCode);
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const consent = form.acceptTerms && form.acceptPrivacy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server refuses too (spec §5); saying it here keeps the reader on the form with the boxes in view.
    if (!consent) {
      setError({
        field: form.acceptTerms ? 'acceptPrivacy' : 'acceptTerms',
        message: t('auth.termsRequired', { ns: 'server' }),
      });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { email } = await callApi<{ email: string }>('POST', '/auth/signup', language, {
        email: form.email,
        password: form.password,
        passwordConfirm: form.passwordConfirm,
        acceptTerms: form.acceptTerms,
        acceptPrivacy: form.acceptPrivacy,
        language,
        ...(form.displayName.trim() ? { displayName: form.displayName } : {}),
        ...(form.referralCode.trim() ? { referralCode: form.referralCode } : {}),
      });
      setSentTo(email);
    } catch (failure) {
      setError(fieldError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!sentTo) return;
    try {
      await callApi('POST', '/auth/verify/resend', language, {
        email: sentTo,
        password: form.password,
      });
      setResendNote(t('auth.login.resent', { email: sentTo }));
    } catch (failure) {
      setResendNote(errorText(failure, t));
    }
  };

  if (sentTo) {
    return (
      <section className="auth-page" data-testid="signup-sent">
        <div className="auth-card">
          <h1>{t('auth.signup.sentTitle')}</h1>
          <p>{t('auth.signup.sentBody', { email: sentTo })}</p>
          <p className="auth-muted">{t('auth.signup.notReceived')}</p>
          <button type="button" className="button" onClick={resend}>
            {t('auth.login.resend')}
          </button>
          {resendNote ? <p role="status">{resendNote}</p> : null}
          <Link className="button button--primary" to={to('/login')}>
            {t('auth.signup.toLogin')}
          </Link>
        </div>
      </section>
    );
  }

  const errorFor = (field: string) => (error?.field === field ? error.message : null);
  // Ticking the boxes clears the complaint about them.
  const consentError =
    !consent && CONSENT_FIELDS.includes(error?.field ?? '') ? (error?.message ?? null) : null;
  const referralHint =
    referral.status === 'valid' || referral.status === 'invalid'
      ? referral.message
      : referral.status === 'checking'
        ? t('auth.signup.checkingCode')
        : null;

  return (
    <section className="auth-page" data-testid="signup-page">
      <div className="auth-card">
        <h1>{t('auth.signup.heading')}</h1>
        <p className="auth-card__lead">{t('auth.signup.lead')}</p>
        <form className="auth-form" onSubmit={submit} noValidate>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={errorFor('email')}
            testId="signup-email"
            required
          />
          <TextField
            label={t('auth.fields.displayName')}
            autoComplete="nickname"
            value={form.displayName}
            onChange={set('displayName')}
            hint={t('auth.fields.displayNameHint')}
            error={errorFor('displayName')}
            maxLength={40}
            testId="signup-name"
          />
          <PasswordField
            label={t('auth.fields.password')}
            name="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            error={errorFor('password')}
            hint={<PasswordRules password={form.password} />}
            testId="signup-password"
          />
          <PasswordField
            label={t('auth.fields.passwordConfirm')}
            name="passwordConfirm"
            value={form.passwordConfirm}
            onChange={set('passwordConfirm')}
            autoComplete="new-password"
            error={errorFor('passwordConfirm')}
            hint={<PasswordMatch password={form.password} confirm={form.passwordConfirm} />}
            testId="signup-password-confirm"
          />
          <TextField
            label={t('auth.fields.referralCode')}
            autoComplete="off"
            value={form.referralCode}
            onChange={set('referralCode')}
            hint={referralHint}
            hintTone={referral.status === 'valid' ? 'ok' : referral.status === 'invalid' ? 'bad' : 'muted'}
            error={errorFor('referralCode')}
            maxLength={16}
            testId="signup-referral"
          />
          <fieldset
            className="auth-form auth-consent"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? 'signup-consent-error' : undefined}
          >
            <legend className="visually-hidden">{t('auth.signup.acceptAll')}</legend>
            <label className="auth-check">
              <input
                type="checkbox"
                checked={consent}
                onChange={(event) =>
                  setForm((f) => ({
                    ...f,
                    acceptTerms: event.target.checked,
                    acceptPrivacy: event.target.checked,
                  }))
                }
                data-testid="signup-accept-all"
              />
              <strong>{t('auth.signup.acceptAll')}</strong>
            </label>
            <label className="auth-check">
              <input
                type="checkbox"
                checked={form.acceptTerms}
                onChange={(event) => set('acceptTerms')(event.target.checked)}
                data-testid="signup-terms"
              />
              <span>
                {t('auth.signup.acceptTerms')} (
                <Link to={to('/terms')} target="_blank">
                  {t('auth.signup.terms')}
                </Link>
                )
              </span>
            </label>
            <label className="auth-check">
              <input
                type="checkbox"
                checked={form.acceptPrivacy}
                onChange={(event) => set('acceptPrivacy')(event.target.checked)}
                data-testid="signup-privacy"
              />
              <span>
                {t('auth.signup.acceptPrivacy')} (
                <Link to={to('/privacy')} target="_blank">
                  {t('auth.signup.privacy')}
                </Link>
                )
              </span>
            </label>
            {consentError ? (
              <p
                id="signup-consent-error"
                className="auth-form__error"
                role="alert"
                data-testid="signup-consent-error"
              >
                {consentError}
              </p>
            ) : null}
          </fieldset>
          {error &&
          ![
            'email',
            'displayName',
            'password',
            'passwordConfirm',
            'referralCode',
            ...CONSENT_FIELDS,
          ].includes(error.field ?? '') ? (
            <p className="auth-form__error" role="alert" data-testid="signup-error">
              {error.message}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            data-testid="signup-submit"
          >
            {t('auth.signup.submit')}
          </button>
        </form>
        <GoogleButton
          intent="signup"
          label={t('auth.signup.google')}
          consent={{
            acceptTerms: form.acceptTerms,
            acceptPrivacy: form.acceptPrivacy,
            ...(form.referralCode.trim() ? { referralCode: form.referralCode } : {}),
          }}
          disabledReason={consent ? null : t('auth.signup.googleNeedsTerms')}
        />
        <div className="auth-links">
          <span>
            {t('auth.signup.haveAccount')} <Link to={to('/login')}>{t('auth.signup.toLogin')}</Link>
          </span>
        </div>
      </div>
    </section>
  );
}
