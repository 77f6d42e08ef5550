import type { ApiKeyInfo, SettingsResponse } from '@spreadscope/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../hooks/use-locale.ts';
import { callApi } from './account-api.ts';

/** The signed-in user's saved settings (pins, owned tokens, limits). */
export function useAccountSettings(enabled: boolean) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['account', 'settings'],
    queryFn: () => callApi<SettingsResponse>('GET', '/settings', language),
    enabled,
  });
}

export function useApiKeys(enabled: boolean) {
  const { language } = useLocale();
  return useQuery({
    queryKey: ['account', 'api-keys'],
    queryFn: () => callApi<{ keys: ApiKeyInfo[] }>('GET', '/account/api-keys', language),
    enabled,
  });
}
