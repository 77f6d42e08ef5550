import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { callApi } from './account-api.ts';
import { errorText } from './error-text.ts';

interface Props {
  readonly intent: 'login' | 'signup';
  readonly label: string;
  /** Sign-up only: consent given on the form, and the referral code typed there. */
  readonly consent?: { acceptTerms: boolean; acceptPrivacy: boolean; referralCode?: string };
  readonly disabledReason?: string | null;
}

/**
 * Leaves for Google (the server prepares state and PKCE). Hidden, with its "or" divider, when the server has
 * no Google client configured.
 */
export function GoogleButton({ intent, label, consent, disabledReason }: Props) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => callApi<{ google: boolean }>('GET', '/auth/providers', language),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!providers.data?.google) return null;

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const { url } = await callApi<{ url: string }>('POST', '/auth/google/start', language, {
        intent,
        ...(consent ?? {}),
      });
      window.location.assign(url);
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(false);
    }
  };

  return (
    <div className="auth-form">
      <div className="auth-divider">{t('auth.login.or')}</div>
      <button
        type="button"
        className="button"
        onClick={start}
        disabled={busy || Boolean(disabledReason)}
        title={disabledReason ?? undefined}
        data-testid={`google-${intent}`}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
          />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
          />
        </svg>
        {label}
      </button>
      {disabledReason ? <p className="auth-muted">{disabledReason}</p> : null}
      {error ? <p className="auth-form__error">{error}</p> : null}
    </div>
  );
}
