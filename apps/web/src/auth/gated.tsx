import type { Feature } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { useEntitlement } from './use-session.ts';

/**
 * What a gated row or panel shows instead of its data (spec §6): visitors get "Login to see" and "Sign up",
 * a signed-in plan without the feature gets the plan that has it. The server refuses the data anyway; this
 * only says why it is missing.
 *
 *   const { allowed } = useEntitlement('dexData');
 *   {allowed ? <DexRows /> : <GateNotice feature="dexData" />}
 */
export function GateNotice({ feature }: { feature: Feature }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { role, requiredPlan } = useEntitlement(feature);
  if (role === 'visitor') {
    return (
      <span className="gate-cell" data-testid={`gate-${feature}`} data-gate="login">
        <Link to={to('/login')}>{t('auth.gate.loginToSee')}</Link>
        <Link className="button button--primary" to={to('/signup')}>
          {t('auth.gate.signUp')}
        </Link>
      </span>
    );
  }
  return (
    <span className="gate-cell" data-testid={`gate-${feature}`} data-gate="upgrade">
      <Link to={to('/pricing')}>{t('auth.gate.upgrade', { plan: requiredPlan })}</Link>
    </span>
  );
}
