import { PASSWORD_RULES, passwordProblems } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';

/** The rules of spec §5 as a checklist that ticks while typing, and the success text once all are met. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const problems = passwordProblems(password);
  const met = password.length > 0 && problems.length === 0;
  return (
    <div className="password-rules" data-testid="password-rules">
      {met ? (
        <p className="password-rules__met" data-testid="password-rules-met">
          {t('auth.rules.met')}
        </p>
      ) : (
        <ul aria-label={t('auth.rules.title')}>
          {PASSWORD_RULES.map((rule) => {
            const ok = password.length > 0 && !problems.includes(rule);
            return (
              <li key={rule} data-ok={ok} className={ok ? 'password-rules__ok' : undefined}>
                <span aria-hidden="true">{ok ? '✓' : '·'}</span> {t(`auth.rules.${rule}`)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Under the confirmation field: says so once the two passwords match (spec §5, "the confirmation must match"). */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation();
  if (confirm.length === 0 || confirm !== password) return null;
  return (
    <p className="password-rules__met" data-testid="password-match">
      {t('auth.rules.confirmMatches')}
    </p>
  );
}
