import type { ListingAccess } from '@spreadscope/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../auth/account-api.ts';
import { useLocale } from '../../hooks/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';

/** What stands between the user and the cards: sign in, a paid plan, or (pre-launch) an invitation code. */
export function ListingGate({
  access,
  onAccess,
}: {
  access: ListingAccess;
  onAccess: (a: ListingAccess) => void;
}) {
  const { t } = useTranslation();
  const { to, language } = useLocale();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (access.needs === 'sign_in') {
    return (
      <div className="listing-gate" data-testid="listing-gate">
        <p>{t('listing.gate.signIn')}</p>
        <Link className="button button--primary" to={to('/login')}>
          {t('listing.gate.signInAction')}
        </Link>
      </div>
    );
  }
  if (access.needs === 'plan') {
    return (
      <div className="listing-gate" data-testid="listing-gate">
        <p>{t('listing.gate.plan')}</p>
        <Link className="button button--primary" to={to('/pricing')}>
          {t('listing.gate.planAction')}
        </Link>
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAccess(await callApi<ListingAccess>('POST', '/front/listing/invite', language, { code }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="listing-gate" data-testid="listing-gate" onSubmit={(e) => void submit(e)}>
      <p>{t('listing.gate.invite')}</p>
      <label className="listing-gate__field">
        <span>{t('listing.gate.codeLabel')}</span>
        <input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error ? 'listing-invite-error' : undefined}
        />
      </label>
      <button className="button button--primary" type="submit" disabled={busy || code.trim() === ''}>
        {busy ? t('listing.gate.submitting') : t('listing.gate.submit')}
      </button>
      {error ? (
        <p className="listing-gate__error" id="listing-invite-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
