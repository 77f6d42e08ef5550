import { ALERT_MAX_TOKENS, entitlementsOf, LIMITS, limitOf, type Plan } from '@spreadscope/core';
import { ApiError } from '../../http/errors.ts';

/**
 * The plan's say over alerts, in one place (billing changes plans; this only reads the plan table): how many
 * alerts an account may keep (spec §5, §9: Free 1, paid 10) and how many tokens one alert may watch (a paid
 * plan up to 20; Free one — the form's "only one when limited").
 */
export function alertAllowance(plan: Plan): { alerts: number; tokensPerAlert: number } {
  return {
    alerts: limitOf(plan, 'alerts'),
    tokensPerAlert: entitlementsOf(plan).paid ? ALERT_MAX_TOKENS : 1,
  };
}

/** 403 with the plan's wording: Free is told that paid plans keep more. */
export function alertLimitError(plan: Plan): ApiError {
  const max = limitOf(plan, 'alerts');
  const free = !entitlementsOf(plan).paid;
  return new ApiError(403, 'limit_reached', free ? 'limit.alertsFree' : 'limit.alerts', {
    max,
    paidMax: LIMITS.alertsPaid,
  });
}
