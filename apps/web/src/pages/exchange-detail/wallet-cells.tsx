import type { WalletHealth } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import './wallet-cells.css';

/** A network's health as a coloured label (text too: colour is never the only signal). */
export function HealthBadge({ health }: { health: WalletHealth }) {
  const { t } = useTranslation();
  return (
    <span className={`health health--${health}`} data-testid="wallet-health" data-health={health}>
      {t(`wallets.health.${health}`)}
    </span>
  );
}

/** Deposit or withdrawal: open, suspended, or not published. */
export function StateCell({ open }: { open: boolean | null }) {
  const { t } = useTranslation();
  const key = open === null ? 'unknown' : open ? 'open' : 'suspended';
  return <span className={`wallet-state wallet-state--${key}`}>{t(`wallets.state.${key}`)}</span>;
}

/** An amount of the asset (fee, minimum) without trailing noise. */
export function formatAmount(value: number | null, language: string): string {
  if (value === null) return '—';
  return value.toLocaleString(language === 'ko' ? 'ko-KR' : 'en-US', { maximumSignificantDigits: 6 });
}

/** A contract shortened for the table (the whole address in the title). */
export function shortContract(contract: string | null): string {
  if (!contract) return '—';
  return contract.length > 14 ? `${contract.slice(0, 6)}…${contract.slice(-4)}` : contract;
}
