import { isWellFormedReferralCode, normalizeReferralCode } from '@spreadscope/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { callApi } from './account-api.ts';

export type ReferralState =
  | { readonly status: 'empty' }
  | { readonly status: 'checking' }
  | { readonly status: 'valid' | 'invalid'; readonly message: string };

/** Checks a typed referral code with the server after a short pause (spec §5 messages). */
export function useReferralCheck(raw: string): ReferralState {
  const { language } = useLocale();
  const { t } = useTranslation('server');
  const [state, setState] = useState<ReferralState>({ status: 'empty' });
  useEffect(() => {
    const code = normalizeReferralCode(raw);
    if (code === '') {
      setState({ status: 'empty' });
      return;
    }
    if (!isWellFormedReferralCode(code)) {
      // Wrong shape: no need to ask the server. The wording is the server's (core catalogue).
      setState({ status: 'invalid', message: t('auth.referralInvalid') });
      return;
    }
    setState({ status: 'checking' });
    let live = true;
    const timer = setTimeout(() => {
      callApi<{ valid: boolean; message: string }>(
        'GET',
        `/auth/referral/${encodeURIComponent(code)}`,
        language,
      )
        .then((answer) => {
          if (live) setState({ status: answer.valid ? 'valid' : 'invalid', message: answer.message });
        })
        .catch(() => {
          if (live) setState({ status: 'empty' });
        });
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [raw, language, t]);
  return state;
}
