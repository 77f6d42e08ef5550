import type { GatedRow } from '@spreadscope/contracts';
import { minimumPlanFor, PLAN_NAMES } from '@spreadscope/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { rowPlace } from '../lib/row-place.ts';
import './gated-table-row.css';

interface Props {
  readonly row: GatedRow;
  readonly index: number;
  /** Where the row lies in the table body (px from its top). */
  readonly start: number;
  readonly columnCount: number;
  readonly showRoute: boolean;
  readonly t: TFunction;
}

/**
 * A row the server gated (spec §6): the token and its route in the first cell, and across the others what it
 * takes to see it — "Login to see" with a sign-up link for visitors, the plan with DEX data for a plan
 * without it. The server sends no numbers for such a row, so there are none to show.
 */
export const GatedTableRow = memo(function GatedTableRow({
  row,
  index,
  start,
  columnCount,
  showRoute,
  t,
}: Props) {
  const { to } = useLocale();
  const venueName = (id: string) => t(`venues.${id}` as 'venues.upbit');
  return (
    <tr
      aria-rowindex={index + 2}
      className="ptable__row ptable__row--gated"
      style={rowPlace(start)}
      data-index={index}
      data-testid={`gated-row-${row.base}`}
      data-row-id={row.id}
      data-gated={row.gated}
    >
      <td className="ptable__cell ptable__token">
        <span className="spread-token">
          <span className="ptable__base">{row.base}</span>
          {showRoute ? (
            <span className="spread-route">
              {venueName(row.source.exchange)} → {venueName(row.target.exchange)}
            </span>
          ) : null}
        </span>
      </td>
      <td className="ptable__cell ptable__gated" colSpan={Math.max(1, columnCount - 1)}>
        {row.gated === 'login' ? (
          <span className="gate-cell" data-gate="login">
            <Link to={to('/login')} data-testid="gated-login">
              {t('auth.gate.loginToSee')}
            </Link>
            <Link
              className="button button--primary gate-cell__signup"
              to={to('/signup')}
              data-testid="gated-signup"
            >
              {t('auth.gate.signUp')}
            </Link>
          </span>
        ) : (
          <span className="gate-cell" data-gate="upgrade">
            {t('auth.gate.upgrade', { plan: PLAN_NAMES[minimumPlanFor('dexData')] })}
          </span>
        )}
      </td>
    </tr>
  );
});
