import type { SessionResponse } from '@spreadscope/contracts';
import { type Feature, hasFeature, minimumPlanFor, PLAN_NAMES, type Role } from '@spreadscope/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '../hooks/use-locale.ts';
import { callApi } from './account-api.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** Who is signed in (null user for visitors), their plan and entitlements; one request per page load. */
export function useSession() {
  const { language } = useLocale();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => callApi<SessionResponse>('GET', '/auth/session', language),
    staleTime: 60_000,
    retry: 1,
  });
}

/** Replaces the known session after sign-in, sign-out or a password change. */
export function useSetSession(): (session: SessionResponse) => void {
  const client = useQueryClient();
  return useCallback(
    (session: SessionResponse) => {
      client.setQueryData(SESSION_QUERY_KEY, session);
      // Settings and keys belong to the previous user; drop them.
      client.removeQueries({ queryKey: ['account'] });
    },
    [client],
  );
}

export interface EntitlementState {
  readonly role: Role;
  readonly allowed: boolean;
  /** The cheapest plan with the feature, as the pricing page names it. */
  readonly requiredPlan: string;
  readonly loading: boolean;
}

/** Whether the caller's plan includes a feature (the server checks again on every call). */
export function useEntitlement(feature: Feature): EntitlementState {
  const session = useSession();
  const role: Role = session.data?.role ?? 'visitor';
  return {
    role,
    allowed: hasFeature(role, feature),
    requiredPlan: PLAN_NAMES[minimumPlanFor(feature)],
    loading: session.isPending,
  };
}
