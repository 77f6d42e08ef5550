import {
  canonicalNetwork,
  compareTokenContracts,
  findVenue,
  type NetworkChoice,
  type TokenIdentity,
  transferTimeSec,
  type VenueId,
  type WalletEvent,
} from '@spreadscope/core';

export interface WalletNetworkState {
  readonly venue: VenueId;
  readonly asset: string;
  /** As the venue spells it. */
  readonly network: string;
  /** The chain's one name across venues (core canonicalNetwork): what routes match on. */
  readonly canonical: string;
  readonly deposit: boolean;
  readonly withdraw: boolean;
  readonly confirmations: number | null;
  readonly blockTimeSec: number | null;
  readonly withdrawFee: number | null;
  readonly withdrawMin: number | null;
  /** The token's contract on this network as the venue publishes it. */
  readonly contract: string | null;
  readonly delayed: boolean;
  readonly updatedAt: number;
}

/** One network a coin can take from a sending venue to a receiving one. */
export interface RouteNetwork {
  /** Canonical id of the chain (ETH, TRX, BSC, …): the venues at both ends may spell it differently. */
  readonly network: string;
  /** Confirmations and block time as the receiving venue reports them (the sender's when it does not). */
  readonly confirmations: number | null;
  readonly blockTimeSec: number | null;
  readonly transferTimeSec: number | null;
  /** Withdrawal fee at the sending venue, in units of the asset. */
  readonly withdrawFee: number | null;
}

export interface Route {
  /** Both venues have reported wallet status for the asset. */
  readonly known: boolean;
  /** The receiving venue takes deposits on at least one network. */
  readonly depositOpen: boolean;
  /** Networks open at both ends, fastest first. */
  readonly networks: readonly RouteNetwork[];
}

/**
 * Deposit/withdraw status per venue, asset and network, from `wallet` events. Read when a row is built or a
 * table is filtered by transferability; wallet events are rare, so plain maps serve. Networks are keyed by
 * their canonical chain id, so Upbit's "TRX" meets OKX's "USDT-TRC20" on one route.
 */
export class Wallets {
  private readonly byVenueAsset = new Map<string, Map<string, WalletNetworkState>>();
  /** Venues that have reported any network (networks are never forgotten). */
  private readonly reporting = new Set<string>();
  version = 0;

  apply(event: WalletEvent): boolean {
    const venue = findVenue(event.venue);
    if (!venue) return false;
    const key = `${venue.id}|${event.asset}`;
    let networks = this.byVenueAsset.get(key);
    if (!networks) {
      networks = new Map();
      this.byVenueAsset.set(key, networks);
    }
    const canonical = canonicalNetwork(event.network, event.asset);
    networks.set(canonical, {
      venue: venue.id,
      asset: event.asset,
      network: event.network,
      canonical,
      deposit: event.deposit,
      withdraw: event.withdraw,
      confirmations: event.confirmations ?? null,
      blockTimeSec: event.blockTimeSec ?? null,
      withdrawFee: event.withdrawFee ?? null,
      withdrawMin: event.withdrawMin ?? null,
      contract: event.contract ?? null,
      delayed: event.delayed === true,
      updatedAt: event.t,
    });
    let venues = this.venuesByAsset.get(event.asset);
    if (!venues) {
      venues = new Set();
      this.venuesByAsset.set(event.asset, venues);
    }
    venues.add(venue.id);
    this.reporting.add(venue.id);
    // Only this asset's answers can have changed: the others stay (the simulator moves a wallet a second).
    this.identities.delete(event.asset);
    this.dirtyAssets.add(event.asset);
    this.version++;
    return true;
  }

  /**
   * Whether `asset` at two venues is one token (their contracts agree on a shared network), two different
   * tokens behind one ticker, or unknown. Answers are kept until the asset's next wallet event.
   */
  identity(a: string, b: string, asset: string): TokenIdentity {
    let answers = this.identities.get(asset);
    if (!answers) {
      answers = new Map();
      this.identities.set(asset, answers);
    }
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    let found = answers.get(key);
    if (found === undefined) {
      found = compareTokenContracts(asset, this.networks(a, asset), this.networks(b, asset));
      answers.set(key, found);
    }
    return found;
  }

  /**
   * Assets that some pair of venues hold as different tokens: lets the table skip the pairwise check for every
   * other token. Only assets whose wallets changed since the last call are checked again (every table query
   * asks, and a full pass over every asset's venue pairs took milliseconds).
   */
  conflictedAssets(): ReadonlySet<string> {
    // Asked for every candidate row: nothing may be allocated when nothing changed (a Set's clear() does).
    if (this.dirtyAssets.size === 0) return this.conflicts;
    for (const asset of this.dirtyAssets) {
      const venues = [...(this.venuesByAsset.get(asset) ?? [])];
      let conflicted = false;
      search: for (let i = 0; i < venues.length; i++)
        for (let j = i + 1; j < venues.length; j++)
          if (this.identity(venues[i] as string, venues[j] as string, asset) === 'different') {
            conflicted = true;
            break search;
          }
      if (conflicted) this.conflicts.add(asset);
      else this.conflicts.delete(asset);
    }
    this.dirtyAssets.clear();
    return this.conflicts;
  }

  /** Per asset: the venues reporting it, identity answers by venue pair, and whether to check it again. */
  private readonly venuesByAsset = new Map<string, Set<string>>();
  private readonly identities = new Map<string, Map<string, TokenIdentity>>();
  private readonly dirtyAssets = new Set<string>();
  private readonly conflicts = new Set<string>();

  networks(venue: string, asset: string): readonly WalletNetworkState[] {
    return [...(this.byVenueAsset.get(`${venue}|${asset}`)?.values() ?? [])];
  }

  /** Whether the venue reports wallet status at all (a listing tick asks per listing: no walk, no copy). */
  reportsWallets(venue: string): boolean {
    return this.reporting.has(venue);
  }

  /** Every network of one venue. */
  venueNetworks(venue: string): WalletNetworkState[] {
    const out: WalletNetworkState[] = [];
    const prefix = `${venue}|`;
    for (const [key, networks] of this.byVenueAsset)
      if (key.startsWith(prefix)) out.push(...networks.values());
    return out;
  }

  all(): WalletNetworkState[] {
    const out: WalletNetworkState[] = [];
    for (const networks of this.byVenueAsset.values()) out.push(...networks.values());
    return out;
  }

  /** How `asset` can move from one venue to another: networks with withdrawals open at one end and deposits at the other. */
  route(from: string, to: string, asset: string): Route {
    const sending = this.byVenueAsset.get(`${from}|${asset}`);
    const receiving = this.byVenueAsset.get(`${to}|${asset}`);
    if (!sending || !receiving) return { known: false, depositOpen: false, networks: [] };
    let depositOpen = false;
    const networks: RouteNetwork[] = [];
    for (const inbound of receiving.values()) {
      if (!inbound.deposit) continue;
      depositOpen = true;
      const outbound = sending.get(inbound.canonical);
      if (!outbound?.withdraw) continue;
      const confirmations = inbound.confirmations ?? outbound.confirmations;
      const blockTimeSec = inbound.blockTimeSec ?? outbound.blockTimeSec;
      const time =
        confirmations === null || blockTimeSec === null ? null : transferTimeSec(blockTimeSec, confirmations);
      networks.push({
        network: inbound.canonical,
        confirmations,
        blockTimeSec,
        transferTimeSec: time,
        withdrawFee: outbound.withdrawFee,
      });
    }
    networks.sort(
      (a, b) =>
        (a.transferTimeSec ?? Number.POSITIVE_INFINITY) - (b.transferTimeSec ?? Number.POSITIVE_INFINITY) ||
        a.network.localeCompare(b.network),
    );
    return { known: true, depositOpen, networks };
  }
}

/** Spec §4 network selection: every open network, the fastest, or the cheapest to withdraw. */
export function chooseNetworks(networks: readonly RouteNetwork[], choice: NetworkChoice): RouteNetwork[] {
  if (choice === 'all' || networks.length <= 1) return [...networks];
  if (choice === 'faster') return networks.slice(0, 1);
  let best: RouteNetwork | undefined;
  for (const n of networks) {
    if (n.withdrawFee === null) continue;
    if (!best || (best.withdrawFee ?? Number.POSITIVE_INFINITY) > n.withdrawFee) best = n;
  }
  return best ? [best] : networks.slice(0, 1);
}

/** The withdrawal fee a trade pays on the route: the cheapest open network (or the chosen one's). */
export function cheapestFee(networks: readonly RouteNetwork[]): number | null {
  let fee: number | null = null;
  for (const n of networks)
    if (n.withdrawFee !== null && (fee === null || n.withdrawFee < fee)) fee = n.withdrawFee;
  return fee;
}
