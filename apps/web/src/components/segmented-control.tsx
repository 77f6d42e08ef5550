import type { ReactNode } from 'react';
import './segmented-control.css';

export interface SegmentOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  /** Accessible name when the visible label is abbreviated. */
  readonly ariaLabel?: string;
  readonly testId?: string;
}

interface Props<T extends string> {
  readonly label: string;
  readonly value: T;
  readonly options: readonly SegmentOption<T>[];
  readonly onChange: (value: T) => void;
  readonly testId?: string;
  readonly size?: 'sm' | 'md';
  readonly className?: string;
}

/** A row of toggle buttons (aria-pressed) in a named fieldset: each option is a Tab stop, Enter/Space picks it. */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  size = 'sm',
  className,
}: Props<T>) {
  return (
    <fieldset
      className={`segmented segmented--${size}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented__option"
          aria-pressed={option.value === value}
          aria-label={option.ariaLabel}
          data-testid={option.testId}
          data-value={option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
