import type { ContactRequest, ContactResponse, SiteInfo } from '@spreadscope/contracts';
import type { Language } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../auth/account-api.ts';
import { getJson } from '../../lib/api-client.ts';

/** Who runs this installation and the support channels (GET /api/v1/front/site, operator configuration). */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site-info'],
    queryFn: ({ signal }) => getJson<SiteInfo>('/site', {}, 'ko', signal),
    staleTime: 10 * 60_000,
  });
}

export function sendInquiry(body: ContactRequest, language: Language): Promise<ContactResponse> {
  return callApi<ContactResponse>('POST', '/contact', language, body);
}
