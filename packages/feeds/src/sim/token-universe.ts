import { stableUnit } from './rng.ts';

/**
 * The simulator's token universe: real, well-known tickers with a rough USD price level, a liquidity tier
 * and the network their deposits usually travel on. Prices are order-of-magnitude anchors (late 2025), not
 * quotes; the simulator moves them from there.
 *
 * Tiers drive spreads, volumes, update rates and how many venues list a token:
 *   1 — majors (listed everywhere), 2 — large caps, 3 — mid caps, 4 — small caps.
 * A `*` after a ticker marks a Korea-centred token: listed on Korean venues, thin overseas.
 */

export type LiquidityTier = 1 | 2 | 3 | 4;

export interface TokenSpec {
  readonly symbol: string;
  readonly priceUsd: number;
  readonly tier: LiquidityTier;
  /** Network code used for deposits/withdrawals (wallet events). */
  readonly network: string;
  readonly koreaCentred: boolean;
}

// symbol price network — one entry per line, grouped by tier.
const TIER_1 = `
BTC 97000 BTC
ETH 3400 ETH
XRP 2.3 XRP
SOL 180 SOL
DOGE 0.2 DOGE
ADA 0.7 ADA
TRX 0.29 TRX
LINK 17 ETH
AVAX 24 AVAX
SUI 3.1 SUI
BNB 900 BSC
LTC 95 LTC
`;

const TIER_2 = `
BCH 480 BCH
DOT 4 DOT
XLM 0.33 XLM
TON 3 TON
SHIB 0.000013 ETH
HBAR 0.19 HBAR
UNI 8 ETH
PEPE 0.000011 ETH
NEAR 2.7 NEAR
APT 5 APT
ICP 6 ICP
ETC 17 ETC
AAVE 250 ETH
POL 0.21 POL
ARB 0.34 ARB
OP 0.6 OP
ATOM 4.4 ATOM
FIL 2.4 FIL
RENDER 3.4 SOL
INJ 14 INJ
SEI 0.24 SEI
TIA 2 TIA
STX 0.6 STX
IMX 0.6 ETH
ALGO 0.2 ALGO
VET 0.025 VET
HYPE 40 HYPE
ENA 0.5 ETH
WLD 1.1 ETH
ONDO 0.8 ETH
TAO 400 TAO
JUP 0.5 SOL
FET 0.6 ETH
BONK 0.000018 SOL
WIF 0.8 SOL
FLOKI 0.00009 ETH
GRT 0.08 ETH
SAND 0.25 ETH
MANA 0.3 ETH
AXS 2.4 ETH
THETA 0.8 THETA
EOS 0.5 EOS
XTZ 0.7 XTZ
EGLD 15 EGLD
CHZ 0.04 CHZ
CRV 0.7 ETH
LDO 1.1 ETH
QNT 90 ETH
KAIA 0.15 KAIA
ZRO 2 ETH
PENGU 0.02 SOL
TRUMP 8 SOL
PYTH 0.12 SOL
JTO 1.5 SOL
STRK 0.15 STRK
ENS 20 ETH
RUNE 1.2 RUNE
KAS 0.07 KAS
ZEC 300 ZEC
IOTA 0.2 IOTA
NEO 6 NEO
ETHFI 1.2 ETH
VIRTUAL 1.5 BASE
PENDLE 4 ETH
JASMY 0.012 ETH
GALA 0.015 ETH
MNT 0.8 ETH
`;

const TIER_3 = `
1INCH 0.25 ETH
ACH 0.022 ETH
AERO 0.9 BASE
AEVO 0.08 ETH
AGLD 0.6 ETH
AIOZ 0.3 ETH
AKT 1.2 AKT
ANKR 0.015 ETH
APE 0.5 ETH
API3 0.8 ETH
AR 6 AR
ARKM 0.4 ETH
ASTR 0.03 ASTR
ATH 0.03 ETH
AXL 0.3 AXL
BAT 0.18 ETH
BEAM 0.007 BEAM
BLUR 0.07 ETH
BOME 0.0015 SOL
BSV 25 BSV
CAKE 2.3 BSC
CELO 0.35 CELO
CFX 0.12 CFX
CKB 0.004 CKB
COMP 45 ETH
COTI 0.05 ETH
CVX 3 ETH
DYDX 0.6 ETH
DYM 0.3 DYM
EIGEN 1.2 ETH
ENJ 0.07 ETH
FLOW 0.4 FLOW
FLUX 0.2 FLUX
FXS 2.5 ETH
GLM 0.25 ETH
GMT 0.03 SOL
GMX 12 ARB
GNO 130 ETH
HOT 0.0009 ETH
ICX 0.12 ICX
ID 0.15 BSC
IO 0.6 SOL
IOTX 0.02 IOTX
JST 0.035 TRX
KAVA 0.3 KAVA
KSM 15 KSM
LPT 5 ETH
LRC 0.08 ETH
MASK 1.1 ETH
ME 0.6 SOL
MINA 0.18 MINA
MOVE 0.1 ETH
NEIRO 0.0003 ETH
NOT 0.0017 TON
OM 0.15 ETH
ONE 0.01 ONE
ONT 0.12 ONT
ORDI 8 BTC
PEOPLE 0.015 ETH
PNUT 0.2 SOL
POPCAT 0.2 SOL
QTUM 2.3 QTUM
RAY 2 SOL
RON 0.5 RON
ROSE 0.025 ROSE
RSR 0.006 ETH
RVN 0.012 RVN
SAFE 0.4 ETH
SKL 0.02 ETH
SNX 0.8 ETH
SSV 7 ETH
STG 0.15 ETH
SUSHI 0.5 ETH
SUPER 0.5 ETH
T 0.013 ETH
TRB 30 ETH
TWT 0.8 BSC
UMA 1.2 ETH
WOO 0.05 ETH
XEC 0.000015 XEC
YFI 5000 ETH
YGG 0.1 ETH
ZETA 0.12 ZETA
ZIL 0.01 ZIL
ZK 0.05 ZKSYNC
ZRX 0.2 ETH
DASH 50 DASH
SKY 0.06 ETH
S 0.15 SONIC
BERA 1.8 BERA
IP 4 IP
KAITO 1.1 BASE
LAYER 0.5 SOL
MOCA 0.06 ETH
DRIFT 0.4 SOL
TNSR 0.15 SOL
GRASS 0.6 SOL
ETHW 1.5 ETHW
XAI 0.03 ARB
SAGA 0.2 SAGA
USUAL 0.05 ETH
ANIME 0.015 ARB
ACX 0.12 ETH
MAGIC 0.15 ARB
MEME 0.002 ETH
ORCA 2 SOL
POLYX 0.12 POLYX
RPL 3 ETH
STORJ 0.2 ETH
SXP 0.15 BSC
SC 0.003 SC
CHR 0.08 ETH
CTSI 0.06 ETH
DEGEN 0.003 BASE
BRETT 0.03 BASE
TURBO 0.003 ETH
MEW 0.002 SOL
GOAT 0.06 SOL
MOODENG 0.1 SOL
FARTCOIN 0.4 SOL
AI16Z 0.1 SOL
COW 0.3 ETH
ASTER 1 BSC
WLFI 0.15 ETH
PUMP 0.004 SOL
SPX 1 ETH
LINEA 0.02 LINEA
XPL 0.4 XPL
`;

const TIER_4 = `
AHT* 0.003 ETH
MBL* 0.002 BSC
MED* 0.005 MED
MLK* 0.15 MLK
META* 0.02 META
MVL* 0.003 ETH
BORA* 0.08 KAIA
STPT* 0.06 ETH
TT* 0.003 TT
UPP* 0.03 ETH
HUNT* 0.3 ETH
CTC* 0.6 CTC
AERGO* 0.1 AERGO
IQ* 0.004 ETH
MOC* 0.05 MOC
CBK* 0.5 ETH
SSX* 0.003 KAIA
AQT* 1 ETH
FCT2* 0.02 FCT
ELF 0.3 ETH
GLMR 0.06 GLMR
XEM 0.015 XEM
ORBS 0.02 ETH
STRAX 0.06 STRAX
ARDR 0.07 ARDR
ARK 0.35 ARK
STEEM 0.15 STEEM
HIVE 0.2 HIVE
WAXP 0.02 WAX
LSK 0.5 ETH
SNT 0.025 ETH
POWR 0.15 ETH
CVC 0.08 ETH
OXT 0.05 ETH
NMR 12 ETH
RLC 1.2 ETH
OGN 0.06 ETH
GAS 2.5 NEO
TFUEL 0.03 THETA
VTHO 0.002 VET
IOST 0.004 IOST
QKC 0.007 ETH
PUNDIX 0.3 ETH
PYR 1 ETH
FORTH 2.5 ETH
AUDIO 0.06 ETH
SLP 0.0015 RON
SPELL 0.0005 ETH
SYN 0.15 ETH
HFT 0.06 ETH
HIGH 0.4 ETH
HOOK 0.1 BSC
ILV 12 ETH
JOE 0.15 AVAX
KNC 0.3 ETH
LQTY 0.8 ETH
MAV 0.05 ETH
METIS 12 METIS
MTL 0.8 ETH
POND 0.008 ETH
PORTAL 0.03 ETH
RDNT 0.02 ARB
SFP 0.5 BSC
SUN 0.02 TRX
XVS 5 BSC
ALICE 0.4 ETH
ACE 0.4 BSC
ALT 0.03 ETH
AVAIL 0.02 AVAIL
BB 0.1 BSC
BIGTIME 0.05 ETH
BLAST 0.002 BLAST
CYBER 1 ETH
EDU 0.15 ETH
FIDA 0.1 SOL
GPS 0.01 BSC
GTC 0.3 ETH
KDA 0.4 KDA
LUNC 0.00006 LUNC
LUNA 0.15 LUNA
NKN 0.03 NKN
OMNI 2 ETH
PIXEL 0.02 RON
RARE 0.05 ETH
SCR 0.3 SCROLL
SHELL 0.1 BSC
SOLV 0.03 BSC
STMX 0.004 ETH
TAIKO 0.4 TAIKO
UXLINK 0.05 ARB
VANA 5 VANA
XCN 0.01 ETH
ZORA 0.06 BASE
BIO 0.1 ETH
CARV 0.3 ETH
COOKIE 0.1 BASE
RED 0.3 ETH
BEL 0.3 ETH
BNT 0.5 ETH
DODO 0.05 ETH
FLM 0.03 NEO
NFP 0.08 BSC
PERP 0.3 ETH
QI 0.008 AVAX
REQ 0.1 ETH
TLM 0.005 WAX
VOXEL 0.06 ETH
WIN 0.00005 TRX
XVG 0.006 XVG
DGB 0.008 DGB
ONG 0.2 ONT
KMD 0.1 KMD
LOOM 0.05 ETH
BAKE 0.1 BSC
ALPHA 0.03 ETH
AMP 0.004 ETH
GHST 0.5 POL
BANANA 15 ETH
AUCTION 10 ETH
ARC 0.03 SOL
GRIFFAIN 0.03 SOL
AIXBT 0.1 BASE
SWARMS 0.02 SOL
ARPA 0.02 ETH
BAND 0.5 ETH
BICO 0.1 ETH
CELR 0.006 ETH
C98 0.05 BSC
DENT 0.0007 ETH
G 0.008 ETH
DOGS 0.00006 TON
HMSTR 0.0003 TON
CATI 0.1 TON
LISTA 0.25 BSC
REZ 0.01 ETH
PUFFER 0.15 ETH
SIGN 0.05 BSC
SOPH 0.03 ETH
WCT 0.15 OP
PLUME 0.05 ETH
PROMPT 0.1 BASE
NXPC 0.5 ETH
NEWT 0.3 ETH
SXT 0.06 ETH
WAL 0.3 SUI
`;

function parseTier(block: string, tier: LiquidityTier): TokenSpec[] {
  const tokens: TokenSpec[] = [];
  for (const line of block.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const [rawSymbol, price, network] = trimmed.split(/\s+/);
    if (rawSymbol === undefined || price === undefined || network === undefined) {
      throw new Error(`token universe: malformed entry "${trimmed}"`);
    }
    const koreaCentred = rawSymbol.endsWith('*');
    tokens.push({
      symbol: koreaCentred ? rawSymbol.slice(0, -1) : rawSymbol,
      priceUsd: Number(price),
      tier,
      network,
      koreaCentred,
    });
  }
  return tokens;
}

/** Every simulated token, majors first (the order is part of the simulator's determinism). */
export const TOKEN_UNIVERSE: readonly TokenSpec[] = [
  ...parseTier(TIER_1, 1),
  ...parseTier(TIER_2, 2),
  ...parseTier(TIER_3, 3),
  ...parseTier(TIER_4, 4),
];

const SYNTHETIC_NETWORKS = ['ETH', 'BSC', 'SOL', 'ARB', 'BASE', 'TRX', 'POL', 'AVAX', 'SUI', 'TON'] as const;

/**
 * The first `count` tokens: the real universe, then made-up small and mid caps (`X0353`, `X0354`, …) for
 * running at the scale of spec §1 (7,000+ tokens). Their traits come from a fixed hash of the name, like
 * listings, so every run synthesises the same tokens.
 */
export function tokenUniverse(count: number): readonly TokenSpec[] {
  if (count <= TOKEN_UNIVERSE.length) return TOKEN_UNIVERSE.slice(0, count);
  const tokens = [...TOKEN_UNIVERSE];
  for (let i = TOKEN_UNIVERSE.length; i < count; i++) {
    const symbol = `X${String(i).padStart(4, '0')}`;
    const u = (part: string) => stableUnit(`${symbol}|${part}`);
    tokens.push({
      symbol,
      priceUsd: Number((0.001 * 50_000 ** u('price')).toPrecision(3)),
      tier: u('tier') < 0.25 ? 3 : 4,
      network: SYNTHETIC_NETWORKS[Math.floor(u('network') * SYNTHETIC_NETWORKS.length)] ?? 'ETH',
      koreaCentred: u('korea') < 0.05,
    });
  }
  return tokens;
}
