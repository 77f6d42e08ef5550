import { type InputHTMLAttributes, useId } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | null | undefined;
  readonly hint?: string | null | undefined;
  readonly hintTone?: 'ok' | 'bad' | 'muted';
  readonly testId: string;
}

/** A labelled input whose error is tied to it for screen readers (aria-invalid, aria-describedby). */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  hintTone = 'muted',
  testId,
  ...input
}: Props) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        data-testid={testId}
        {...input}
      />
      {hint ? (
        <p
          id={`${id}-hint`}
          className={`auth-field__hint auth-field__hint--${hintTone}`}
          data-testid={`${testId}-hint`}
        >
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="auth-field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
