import type { CreatedApiKey } from '@spreadscope/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { toast } from '../lib/toast.ts';
import { callApi } from './account-api.ts';
import { errorText } from './error-text.ts';
import { formatDateTime } from './format-date.ts';
import { TextField } from './text-field.tsx';
import { useApiKeys } from './use-account-data.ts';
import { useEntitlement } from './use-session.ts';

/** API keys: create (the secret shown once, here), list with last use, revoke. Pro+ and up (spec §6). */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const client = useQueryClient();
  const api = useEntitlement('api');
  const keys = useApiKeys(api.allowed);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['account', 'api-keys'] });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setCreated(await callApi<CreatedApiKey>('POST', '/account/api-keys', language, { name }));
      setName('');
      await refresh();
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };
  const revoke = async (id: string, keyName: string) => {
    if (!window.confirm(t('auth.account.keyRevokeConfirm', { name: keyName }))) return;
    try {
      await callApi('DELETE', `/account/api-keys/${encodeURIComponent(id)}`, language);
      if (created?.id === id) setCreated(null);
      toast.success(t('auth.account.keyRevoked'));
      await refresh();
    } catch (failure) {
      toast.error(errorText(failure, t));
    }
  };
  const copy = async (key: string) => {
    await navigator.clipboard?.writeText(key).then(
      () => toast.success(t('auth.account.keyCopied')),
      () => undefined,
    );
  };

  return (
    <div className="auth-card" data-testid="account-api-keys">
      <h2>{t('auth.account.apiKeys')}</h2>
      <p className="auth-card__lead">{t('auth.account.apiKeysLead')}</p>
      {!api.allowed ? (
        <p className="auth-notice" data-testid="api-keys-upgrade">
          {t('auth.account.apiKeysUpgrade', { plan: api.requiredPlan })}
        </p>
      ) : (
        <>
          {created ? (
            <div className="auth-notice auth-notice--ok" role="status">
              <p>{t('auth.account.keyCreated')}</p>
              <p className="auth-secret" data-testid="api-key-secret">
                {created.key}
              </p>
              <button type="button" className="button" onClick={() => copy(created.key)}>
                {t('auth.account.keyCopy')}
              </button>
            </div>
          ) : null}
          <form className="auth-row" onSubmit={create}>
            <TextField
              label={t('auth.account.keyName')}
              value={name}
              onChange={setName}
              maxLength={60}
              testId="api-key-name"
            />
            <button type="submit" className="button button--primary" data-testid="api-key-create">
              {t('auth.account.keyCreate')}
            </button>
          </form>
          <ul className="auth-list" data-testid="api-key-list">
            {(keys.data?.keys ?? []).map((key) => (
              <li key={key.id}>
                <span>
                  <strong>{key.name}</strong> <code>{key.prefix}…</code>
                </span>
                <span className="auth-muted">
                  {t('auth.account.keyCreatedAt', { time: formatDateTime(key.createdAt, language) })} ·{' '}
                  {key.lastUsedAt === null
                    ? t('auth.account.keyNeverUsed')
                    : t('auth.account.keyLastUsed', { time: formatDateTime(key.lastUsedAt, language) })}
                </span>
                <button type="button" className="button" onClick={() => revoke(key.id, key.name)}>
                  {t('auth.account.keyRevoke')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
