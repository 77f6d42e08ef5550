import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LockState, nextLockState } from './lock-keys.ts';

interface Props {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly autoComplete: 'current-password' | 'new-password';
  readonly error?: string | null | undefined;
  readonly hint?: React.ReactNode;
  readonly testId: string;
  readonly name: string;
}

/** A password input with show/hide, and Caps Lock / Num Lock warnings while typing (spec §5). */
export function PasswordField({ label, value, onChange, autoComplete, error, hint, testId, name }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [locks, setLocks] = useState<LockState>({ capsLock: false, numLockOff: false });
  const [focused, setFocused] = useState(false);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => setLocks((s) => nextLockState(s, event));
  const warnings = focused
    ? [locks.capsLock && t('auth.warnings.capsLock'), locks.numLockOff && t('auth.warnings.numLock')]
    : [];
  const described = [error ? `${id}-error` : null, `${id}-locks`, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-field__password">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKey}
          onKeyUp={onKey}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          data-testid={testId}
          maxLength={128}
          required
        />
        <button
          type="button"
          className="auth-field__reveal"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('auth.fields.hidePassword') : t('auth.fields.showPassword')}
        </button>
      </div>
      <div id={`${id}-locks`} role="status" className="auth-field__locks" data-testid={`${testId}-locks`}>
        {warnings.filter(Boolean).map((text) => (
          <p key={String(text)} className="auth-field__warning">
            {text}
          </p>
        ))}
      </div>
      {hint ? <div id={`${id}-hint`}>{hint}</div> : null}
      {error ? (
        <p id={`${id}-error`} className="auth-field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
