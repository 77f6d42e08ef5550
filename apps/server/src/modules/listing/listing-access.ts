import type { ListingAccess } from '@spreadscope/contracts';
import { hasFeature } from '@spreadscope/core';
import type { ListingRepository } from '@spreadscope/db';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.ts';
import { type Principal, principalOf } from '../../http/principal.ts';

export interface ListingGateDeps {
  readonly repository: ListingRepository;
  /** LISTING_INVITE_REQUIRED: during pre-launch a redeemed invite code is needed besides the plan. */
  readonly inviteRequired: boolean;
}

/**
 * Who may open listing arbitrage (spec §6): Starter and up, and during pre-launch only with a redeemed
 * invite code. One answer for every listing route and for joining the live `listing` topic.
 */
export async function listingAccess(deps: ListingGateDeps, principal: Principal): Promise<ListingAccess> {
  const { inviteRequired } = deps;
  if (principal.role === 'visitor' || principal.user === null)
    return { allowed: false, needs: 'sign_in', inviteRequired };
  if (!hasFeature(principal.role, 'listingArbitrage'))
    return { allowed: false, needs: 'plan', inviteRequired };
  if (inviteRequired && !(await deps.repository.hasRedeemed(principal.user.id)))
    return { allowed: false, needs: 'invite', inviteRequired };
  return { allowed: true, needs: null, inviteRequired };
}

/** The invite half of the gate, as a preHandler after `requireEntitlement('listingArbitrage')`. */
export function requireListingInvite(deps: ListingGateDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!deps.inviteRequired) return;
    const principal = await principalOf(request);
    if (principal.user === null || !(await deps.repository.hasRedeemed(principal.user.id))) {
      throw new ApiError(403, 'invite_required', 'listing.inviteRequired');
    }
  };
}
