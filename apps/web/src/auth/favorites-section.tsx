import type { SettingsResponse } from '@spreadscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { toast } from '../lib/toast.ts';
import { callApi } from './account-api.ts';
import { errorText } from './error-text.ts';
import { TextField } from './text-field.tsx';
import { useAccountSettings } from './use-account-data.ts';

/**
 * Pins and owned tokens kept on the account, with the plan's limits (spec §9). The server enforces them;
 * its refusal arrives as a toast in the user's language ("Free plan can pin up to 2 …").
 */
export function FavoritesSection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const settings = useAccountSettings(true);
  const [pin, setPin] = useState('');
  const [owned, setOwned] = useState('');
  const save = (next: SettingsResponse) => client.setQueryData(['account', 'settings'], next);

  const run = async (call: () => Promise<SettingsResponse>, after: () => void) => {
    try {
      save(await call());
      after();
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };
  const addPin = (event: FormEvent) => {
    event.preventDefault();
    const key = pin.trim().toUpperCase();
    if (!key) return;
    void run(
      () => callApi<SettingsResponse>('POST', '/settings/pins', language, { key }),
      () => setPin(''),
    );
  };
  const removePin = (key: string) =>
    run(
      () => callApi<SettingsResponse>('DELETE', `/settings/pins/${encodeURIComponent(key)}`, language),
      () => {},
    );
  const replaceOwned = (tokens: string[], after: () => void = () => {}) =>
    run(() => callApi<SettingsResponse>('PUT', '/settings/owned-tokens', language, { tokens }), after);
  const addOwned = (event: FormEvent) => {
    event.preventDefault();
    const key = owned.trim().toUpperCase();
    if (!key || !settings.data) return;
    void replaceOwned([...settings.data.ownedTokens, key], () => setOwned(''));
  };

  const data = settings.data;
  return (
    <div className="auth-card" data-testid="account-favorites">
      <h2>{t('auth.account.favorites')}</h2>
      <h3>
        {t('auth.account.pins')}{' '}
        <span className="auth-muted" data-testid="pins-count">
          {data ? t('auth.account.pinsCount', { count: data.pins.length, max: data.limits.pins }) : ''}
        </span>
      </h3>
      <Chips items={data?.pins ?? []} onRemove={removePin} testId="pins" />
      <form className="auth-row" onSubmit={addPin}>
        <TextField
          label={t('auth.account.pins')}
          value={pin}
          onChange={setPin}
          placeholder={t('auth.account.pinPlaceholder')}
          maxLength={64}
          testId="pin-input"
        />
        <button type="submit" className="button" data-testid="pin-add">
          {t('auth.account.pinAdd')}
        </button>
      </form>
      <h3>
        {t('auth.account.ownedTokens')}{' '}
        <span className="auth-muted">
          {data
            ? t('auth.account.pinsCount', { count: data.ownedTokens.length, max: data.limits.ownedTokens })
            : ''}
        </span>
      </h3>
      <Chips
        items={data?.ownedTokens ?? []}
        onRemove={(key) => replaceOwned((data?.ownedTokens ?? []).filter((k) => k !== key))}
        testId="owned"
      />
      <form className="auth-row" onSubmit={addOwned}>
        <TextField
          label={t('auth.account.ownedTokens')}
          value={owned}
          onChange={setOwned}
          placeholder={t('auth.account.pinPlaceholder')}
          maxLength={64}
          testId="owned-input"
        />
        <button type="submit" className="button" data-testid="owned-add">
          {t('auth.account.ownedAdd')}
        </button>
      </form>
    </div>
  );
}

function Chips({
  items,
  onRemove,
  testId,
}: {
  items: string[];
  onRemove: (key: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="auth-muted">{t('auth.account.none')}</p>;
  return (
    <ul className="auth-chips" data-testid={`${testId}-list`}>
      {items.map((item) => (
        <li key={item}>
          {item}
          <button
            type="button"
            aria-label={t('auth.account.remove', { item })}
            onClick={() => onRemove(item)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
