import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../auth/error-text.ts';
import { TextField } from '../../auth/text-field.tsx';
import { useLocale } from '../../hooks/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sendInquiry } from './site-api.ts';
import '../../auth/auth.css';
import './info-pages.css';

type Field = 'email' | 'telegram' | 'inquiry';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * Spec §5's contact form (on /contact-us, /partnership and the landing page). The server checks every rule
 * and answers with the spec's wording for the field at fault, so the form and the API never disagree.
 */
export function ContactForm({ testId = 'contact-form' }: { testId?: string }) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [email, setEmail] = useState('');
  const [telegram, setTelegram] = useState('');
  const [inquiry, setInquiry] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleId = useId();
  const inquiryId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setErrors({});
    try {
      await sendInquiry({ email, telegram, inquiry }, language);
      setSentTo(email.trim());
      setInquiry('');
    } catch (error) {
      const field = error instanceof ApiError ? error.param : undefined;
      const message = errorText(error, t);
      setErrors(
        field === 'email' || field === 'telegram' || field === 'inquiry'
          ? { [field]: message }
          : { form: message },
      );
    } finally {
      setSending(false);
    }
  };

  if (sentTo !== null) {
    return (
      <section className="contact-form" aria-labelledby={titleId} data-testid={testId}>
        <h2 id={titleId}>{t('site.contactForm.title')}</h2>
        <p role="status" className="contact-form__sent" data-testid={`${testId}-sent`}>
          {t('site.contactForm.sent', { email: sentTo })}
        </p>
        <div>
          <button type="button" className="button" onClick={() => setSentTo(null)}>
            {t('site.contactForm.another')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="contact-form" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{t('site.contactForm.title')}</h2>
      <form className="auth-form" noValidate onSubmit={submit}>
        <TextField
          label={t('site.contactForm.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={setEmail}
          error={errors.email}
          hint={errors.email ? null : t('site.contactForm.emailHint')}
          testId={`${testId}-email`}
        />
        <TextField
          label={t('site.contactForm.telegram')}
          autoComplete="off"
          placeholder={t('site.contactForm.telegramPlaceholder')}
          value={telegram}
          onChange={setTelegram}
          error={errors.telegram}
          testId={`${testId}-telegram`}
        />
        <div className="auth-field">
          <label htmlFor={inquiryId}>{t('site.contactForm.inquiry')}</label>
          <textarea
            id={inquiryId}
            className="contact-form__inquiry"
            rows={5}
            required
            maxLength={5_000}
            placeholder={t('site.contactForm.inquiryPlaceholder')}
            value={inquiry}
            onChange={(event) => setInquiry(event.target.value)}
            aria-invalid={errors.inquiry ? true : undefined}
            aria-describedby={errors.inquiry ? `${inquiryId}-error` : undefined}
            data-testid={`${testId}-inquiry`}
          />
          {errors.inquiry ? (
            <p
              id={`${inquiryId}-error`}
              className="auth-field__error"
              data-testid={`${testId}-inquiry-error`}
            >
              {errors.inquiry}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p className="auth-field__error" role="alert" data-testid={`${testId}-error`}>
            {errors.form}
          </p>
        ) : null}
        <p className="contact-form__note">
          <Link to={to('/privacy')}>{t('site.contactForm.privacyNote')}</Link>
        </p>
        <div>
          <button
            type="submit"
            className="button button--primary"
            disabled={sending}
            data-testid={`${testId}-submit`}
          >
            {sending ? t('site.contactForm.sending') : t('site.contactForm.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
