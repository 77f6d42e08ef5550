import Fuse from 'fuse.js';
import { SEARCH_FUZZY_THRESHOLD } from './constants.ts';

/**
 * Korean and English names of the tokens we know, so a trader can find a coin the way they call it: 비트코인,
 * 리플, "bitcoin", "ripple". Korean names follow what Upbit and Bithumb publish per market (korean_name);
 * English names the project's own. One line per token: `TICKER|Korean|English|alias, alias`.
 */
const TABLE = `
BTC|비트코인|Bitcoin|
ETH|이더리움|Ethereum|
XRP|리플|XRP|Ripple
SOL|솔라나|Solana|
DOGE|도지코인|Dogecoin|도지
ADA|에이다|Cardano|카르다노
TRX|트론|TRON|
LINK|체인링크|Chainlink|
AVAX|아발란체|Avalanche|
SUI|수이|Sui|
BNB|비앤비|BNB|바이낸스코인
LTC|라이트코인|Litecoin|
USDT|테더|Tether|
USDC|유에스디코인|USD Coin|
BCH|비트코인캐시|Bitcoin Cash|비캐
DOT|폴카닷|Polkadot|
XLM|스텔라루멘|Stellar|스텔라
TON|톤코인|Toncoin|
SHIB|시바이누|Shiba Inu|
HBAR|헤데라|Hedera|
UNI|유니스왑|Uniswap|
PEPE|페페|Pepe|
NEAR|니어프로토콜|NEAR Protocol|
APT|앱토스|Aptos|
ICP|인터넷컴퓨터|Internet Computer|
ETC|이더리움클래식|Ethereum Classic|이클
AAVE|에이브|Aave|
POL|폴리곤 에코시스템 토큰|Polygon Ecosystem Token|폴리곤, Polygon, MATIC
ARB|아비트럼|Arbitrum|
OP|옵티미즘|Optimism|
ATOM|코스모스|Cosmos|
FIL|파일코인|Filecoin|
RENDER|렌더토큰|Render|
INJ|인젝티브|Injective|
SEI|세이|Sei|
TIA|셀레스티아|Celestia|
STX|스택스|Stacks|
IMX|이뮤터블엑스|Immutable|
ALGO|알고랜드|Algorand|
VET|비체인|VeChain|
HYPE|하이퍼리퀴드|Hyperliquid|
ENA|에테나|Ethena|
WLD|월드코인|Worldcoin|
ONDO|온도파이낸스|Ondo Finance|
TAO|비트텐서|Bittensor|
JUP|주피터|Jupiter|
FET|페치|Fetch.ai|
BONK|봉크|Bonk|
WIF|도그위프햇|dogwifhat|
FLOKI|플로키|Floki|
GRT|더그래프|The Graph|
SAND|샌드박스|The Sandbox|
MANA|디센트럴랜드|Decentraland|
AXS|엑시인피니티|Axie Infinity|
THETA|쎄타토큰|Theta Network|
EOS|이오스|EOS|
XTZ|테조스|Tezos|
EGLD|멀티버스엑스|MultiversX|
CHZ|칠리즈|Chiliz|
CRV|커브|Curve DAO|
LDO|리도다오|Lido DAO|
QNT|퀀트|Quant|
KAIA|카이아|Kaia|클레이튼, Klaytn
ZRO|레이어제로|LayerZero|
PENGU|펏지펭귄|Pudgy Penguins|
TRUMP|오피셜트럼프|Official Trump|트럼프
PYTH|피스네트워크|Pyth Network|
JTO|지토|Jito|
STRK|스타크넷|Starknet|
ENS|이더리움네임서비스|Ethereum Name Service|
RUNE|토르체인|THORChain|
KAS|카스파|Kaspa|
ZEC|지캐시|Zcash|
IOTA|아이오타|IOTA|
NEO|네오|NEO|
ETHFI|이더파이|ether.fi|
VIRTUAL|버추얼프로토콜|Virtuals Protocol|
PENDLE|펜들|Pendle|
JASMY|재스미코인|JasmyCoin|
GALA|갈라|Gala|
MNT|맨틀|Mantle|
1INCH|1인치네트워크|1inch|
ACH|알케미페이|Alchemy Pay|
AERO|에어로드롬파이낸스|Aerodrome Finance|
AEVO|에이보|Aevo|
AGLD|어드벤처골드|Adventure Gold|
AIOZ|아이오즈네트워크|AIOZ Network|
AKT|아카시네트워크|Akash Network|
ANKR|앵커|Ankr|
APE|에이프코인|ApeCoin|
API3|에이피아이쓰리|API3|
AR|알위브|Arweave|
ARKM|아캄|Arkham|
ASTR|아스타|Astar|
ATH|에이셔|Aethir|
AXL|엑셀라|Axelar|
BAT|베이직어텐션토큰|Basic Attention Token|
BEAM|빔|Beam|
BLUR|블러|Blur|
BOME|북오브밈|BOOK OF MEME|
BSV|비트코인에스브이|Bitcoin SV|
CAKE|팬케이크스왑|PancakeSwap|
CELO|셀로|Celo|
CFX|콘플럭스|Conflux|
CKB|너보스|Nervos Network|
COMP|컴파운드|Compound|
COTI|코티|COTI|
CVX|콘벡스파이낸스|Convex Finance|
DYDX|디와이디엑스|dYdX|
DYM|디멘션|Dymension|
EIGEN|아이겐레이어|EigenLayer|
ENJ|엔진코인|Enjin Coin|
FLOW|플로우|Flow|
FLUX|플럭스|Flux|
FXS|프랙스쉐어|Frax Share|
GLM|골렘|Golem|
GMT|스테픈|STEPN|
GMX|지엠엑스|GMX|
GNO|노시스|Gnosis|
HOT|홀로체인|Holo|
ICX|아이콘|ICON|
ID|스페이스아이디|SPACE ID|
IO|아이오넷|io.net|
IOTX|아이오텍스|IoTeX|
JST|저스트|JUST|
KAVA|카바|Kava|
KSM|쿠사마|Kusama|
LPT|라이브피어|Livepeer|
LRC|루프링|Loopring|
MASK|마스크네트워크|Mask Network|
ME|매직에덴|Magic Eden|
MINA|미나|Mina|
MOVE|무브먼트|Movement|
NEIRO|네이로|Neiro|
NOT|낫코인|Notcoin|
OM|만트라|MANTRA|
ONE|하모니|Harmony|
ONT|온톨로지|Ontology|
ORDI|오디|ORDI|
PEOPLE|컨스티튜션다오|ConstitutionDAO|
PNUT|피넛더스쿼럴|Peanut the Squirrel|
POPCAT|팝캣|Popcat|
QTUM|퀀텀|Qtum|
RAY|레이디움|Raydium|
RON|로닌|Ronin|
ROSE|오아시스|Oasis Network|
RSR|리저브라이트|Reserve Rights|
RVN|레이븐코인|Ravencoin|
SAFE|세이프|Safe|
SKL|스케일|SKALE|
SNX|신세틱스|Synthetix|
SSV|에스에스브이네트워크|SSV Network|
STG|스타게이트파이낸스|Stargate Finance|
SUSHI|스시스왑|SushiSwap|
SUPER|슈퍼버스|SuperVerse|
T|쓰레스홀드|Threshold|
TRB|텔러트리뷰트|Tellor|
TWT|트러스트월렛토큰|Trust Wallet Token|
UMA|우마|UMA|
WOO|우네트워크|WOO|
XEC|이캐시|eCash|
YFI|연파이낸스|yearn.finance|
YGG|일드길드게임즈|Yield Guild Games|
ZETA|제타체인|ZetaChain|
ZIL|질리카|Zilliqa|
ZK|지케이싱크|ZKsync|
ZRX|제로엑스|0x Protocol|
DASH|대시|Dash|
SKY|스카이|Sky|
S|소닉|Sonic|
BERA|베라체인|Berachain|
IP|스토리|Story|
KAITO|카이토|Kaito|
LAYER|솔레이어|Solayer|
MOCA|모카네트워크|Moca Network|
DRIFT|드리프트|Drift|
TNSR|텐서|Tensor|
GRASS|그래스|Grass|
ETHW|이더리움PoW|EthereumPoW|
XAI|엑스에이아이|Xai|
SAGA|사가|Saga|
USUAL|유주얼|Usual|
ANIME|애니메|Animecoin|
ACX|어크로스프로토콜|Across Protocol|
MAGIC|트레저|Treasure|매직
MEME|밈코인|Memecoin|
ORCA|오르카|Orca|
POLYX|폴리매쉬|Polymesh|
RPL|로켓풀|Rocket Pool|
STORJ|스토리지|Storj|
SXP|솔라|Solar|
SC|시아코인|Siacoin|
CHR|크로미아|Chromia|
CTSI|카르테시|Cartesi|
DEGEN|디젠|Degen|
BRETT|브렛|Brett|
TURBO|터보|Turbo|
MEW|캣인어독스월드|cat in a dogs world|
GOAT|고트세우스막시무스|Goatseus Maximus|
MOODENG|무뎅|Moo Deng|
FARTCOIN|파트코인|Fartcoin|
AI16Z|에이아이식스틴지|ai16z|
COW|카우프로토콜|CoW Protocol|
ASTER|애스터|Aster|
WLFI|월드리버티파이낸셜|World Liberty Financial|
PUMP|펌프닷펀|Pump.fun|
SPX|에스피엑스6900|SPX6900|
LINEA|리네아|Linea|
XPL|플라즈마|Plasma|
AHT|아하토큰|AhaToken|
MBL|무비블록|MovieBloc|
MED|메디블록|MediBloc|
MLK|밀크|MiL.k|
META|메타디움|Metadium|
MVL|엠블|MVL|
BORA|보라|BORA|
STPT|에스티피|STP|
TT|썬더코어|ThunderCore|
UPP|센티넬프로토콜|Sentinel Protocol|
HUNT|헌트|Hunt|
CTC|크레딧코인|Creditcoin|
AERGO|아르고|Aergo|
IQ|아이큐|IQ|
MOC|모스코인|Moss Coin|
CBK|코박토큰|Cobak Token|
SSX|썸씽|SOMESING|
AQT|알파쿼크|Alpha Quark Token|
FCT2|피르마체인|FirmaChain|
ELF|엘프|aelf|
GLMR|문빔|Moonbeam|
XEM|넴|NEM|
ORBS|오브스|Orbs|
STRAX|스트라티스|Stratis|
ARDR|아더|Ardor|
ARK|아크|Ark|
STEEM|스팀|Steem|
HIVE|하이브|Hive|
WAXP|왁스|WAX|
LSK|리스크|Lisk|
SNT|스테이터스네트워크토큰|Status|
POWR|파워렛저|Powerledger|
CVC|시빅|Civic|
OXT|오키드|Orchid|
NMR|뉴메레르|Numeraire|
RLC|아이젝|iExec RLC|
OGN|오리진프로토콜|Origin Protocol|
GAS|가스|Gas|
TFUEL|쎄타퓨엘|Theta Fuel|
VTHO|비토르토큰|VeThor Token|
IOST|이오스트|IOST|
QKC|쿼크체인|QuarkChain|
PUNDIX|펀디엑스|Pundi X|
PYR|불칸포지드|Vulcan Forged|
FORTH|앰플포스거버넌스토큰|Ampleforth Governance Token|
AUDIO|오디우스|Audius|
SLP|스무스러브포션|Smooth Love Potion|
SPELL|스펠토큰|Spell Token|
SYN|시냅스|Synapse|
HFT|해시플로우|Hashflow|
HIGH|하이스트리트|Highstreet|
HOOK|훅트프로토콜|Hooked Protocol|
ILV|일루비움|Illuvium|
JOE|조|JOE|
KNC|카이버네트워크|Kyber Network|
LQTY|리퀴티|Liquity|
MAV|매버릭프로토콜|Maverick Protocol|
METIS|메티스|Metis|
MTL|메탈|Metal DAO|
POND|마리나이트|Marlin|
PORTAL|포탈|Portal|
RDNT|라디언트캐피탈|Radiant Capital|
SFP|세이프팔|SafePal|
SUN|썬|Sun|
XVS|비너스|Venus|
ALICE|마이네이버앨리스|My Neighbor Alice|
ACE|퓨저니스트|Fusionist|
ALT|알트레이어|AltLayer|
AVAIL|어베일|Avail|
BB|바운스빗|BounceBit|
BIGTIME|빅타임|Big Time|
BLAST|블라스트|Blast|
CYBER|사이버|Cyber|
EDU|오픈캠퍼스|Open Campus|
FIDA|본피다|Bonfida|
GPS|고플러스시큐리티|GoPlus Security|
GTC|깃코인|Gitcoin|
KDA|카데나|Kadena|
LUNC|테라클래식|Terra Classic|
LUNA|테라|Terra|
NKN|엔케이엔|NKN|
OMNI|옴니네트워크|Omni Network|
PIXEL|픽셀|Pixels|
RARE|슈퍼레어|SuperRare|
SCR|스크롤|Scroll|
SHELL|마이셸|MyShell|
SOLV|솔브프로토콜|Solv Protocol|
STMX|스톰엑스|StormX|
TAIKO|타이코|Taiko|
UXLINK|유엑스링크|UXLINK|
VANA|바나|Vana|
XCN|오닉스코인|Onyxcoin|
ZORA|조라|Zora|
BIO|바이오프로토콜|Bio Protocol|
CARV|카브|CARV|
COOKIE|쿠키다오|Cookie DAO|
RED|레드스톤|RedStone|
BEL|벨라프로토콜|Bella Protocol|
BNT|뱅코르|Bancor|
DODO|도도|DODO|
FLM|플라밍고|Flamingo|
NFP|엔에프프롬프트|NFPrompt|
PERP|퍼페추얼프로토콜|Perpetual Protocol|
QI|벤키파이낸스|BENQI|
REQ|리퀘스트|Request|
TLM|에일리언월드|Alien Worlds|
VOXEL|복셀엑스|Voxies|
WIN|윙크|WINkLink|
XVG|버지|Verge|
DGB|디지바이트|DigiByte|
ONG|온톨로지가스|Ontology Gas|
KMD|코모도|Komodo|
LOOM|룸네트워크|Loom Network|
BAKE|베이커리토큰|BakeryToken|
ALPHA|스텔라알파|Stella|
AMP|앰프|Amp|
GHST|아베고치|Aavegotchi|
BANANA|바나나건|Banana Gun|
AUCTION|바운스토큰|Bounce Token|
ARC|아크|AI Rig Complex|
GRIFFAIN|그리페인|GRIFFAIN|
AIXBT|에이아이엑스비티|aixbt|
SWARMS|스웜스|swarms|
ARPA|알파|ARPA|
BAND|밴드프로토콜|Band Protocol|
BICO|바이코노미|Biconomy|
CELR|셀러네트워크|Celer Network|
C98|코인98|Coin98|
DENT|덴트|Dent|
G|그래비티|Gravity|
DOGS|독스|DOGS|
HMSTR|햄스터컴뱃|Hamster Kombat|
CATI|캐티즌|Catizen|
LISTA|리스타다오|Lista DAO|
REZ|렌조|Renzo|
PUFFER|퍼퍼|Puffer|
SIGN|사인|Sign|
SOPH|소폰|Sophon|
WCT|월렛커넥트|WalletConnect|
PLUME|플룸|Plume|
PROMPT|웨이파인더|Wayfinder|
NXPC|넥스페이스|NEXPACE|
NEWT|뉴턴|Newton|
SXT|스페이스앤타임|Space and Time|
WAL|월루스|Walrus|
`;

export interface TokenName {
  readonly base: string;
  readonly ko: string;
  readonly en: string;
  readonly aliases: readonly string[];
}

function parseTable(text: string): TokenName[] {
  const out: TokenName[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [base = '', ko = '', en = '', aliases = ''] = line.split('|');
    out.push({
      base: base.trim(),
      ko: ko.trim(),
      en: en.trim(),
      aliases: aliases
        .split(',')
        .map((alias) => alias.trim())
        .filter(Boolean),
    });
  }
  return out;
}

export const TOKEN_NAMES: readonly TokenName[] = parseTable(TABLE);

const BY_BASE = new Map(TOKEN_NAMES.map((entry) => [entry.base, entry]));

/** The names of a token, or undefined for a ticker we have no name for. */
export function tokenName(base: string): TokenName | undefined {
  return BY_BASE.get(base.toUpperCase());
}

/** Case, spaces and punctuation do not matter in a name: "Shiba Inu", "shiba-inu" and "시바 이누" match alike. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

interface Indexed {
  readonly base: string;
  readonly names: readonly string[];
}

const KOREAN: readonly Indexed[] = TOKEN_NAMES.map((entry) => ({
  base: entry.base,
  names: [entry.ko, ...entry.aliases.filter((alias) => HANGUL.test(alias))].map(normalizeName),
}));
const ENGLISH: readonly Indexed[] = TOKEN_NAMES.map((entry) => ({
  base: entry.base,
  names: [entry.en, ...entry.aliases.filter((alias) => !HANGUL.test(alias))].map(normalizeName),
}));

let fuzzy: { ko: Fuse<Indexed>; en: Fuse<Indexed> } | null = null;
function fuzzyIndex() {
  fuzzy ??= {
    ko: new Fuse(KOREAN, { keys: ['names'], threshold: SEARCH_FUZZY_THRESHOLD, ignoreLocation: true }),
    en: new Fuse(ENGLISH, { keys: ['names'], threshold: SEARCH_FUZZY_THRESHOLD, ignoreLocation: true }),
  };
  return fuzzy;
}

/**
 * Tickers whose Korean or English name answers a search text. Korean text matches Korean names anywhere in
 * the name (비트 → 비트코인, 비트코인캐시 …); Latin text matches English names from their start (bitcoin →
 * BTC, BCH, BSV) so a ticker search stays precise. When nothing matches exactly, the spec's fuzzy search
 * (Fuse.js, threshold 0.4) catches a typo (이더리욺, etherium).
 */
export function basesByName(search: string): string[] {
  const query = normalizeName(search);
  if (query === '') return [];
  const korean = HANGUL.test(query);
  const index = korean ? KOREAN : ENGLISH;
  const exact = index
    .filter((entry) => entry.names.some((name) => (korean ? name.includes(query) : name.startsWith(query))))
    .map((entry) => entry.base);
  if (exact.length > 0) return exact;
  // A short Latin text is a ticker being typed, not a misspelt name.
  if (!korean && query.length < 4) return [];
  const fuse = korean ? fuzzyIndex().ko : fuzzyIndex().en;
  return fuse.search(query).map((hit) => hit.item.base);
}

/**
 * Whether a token answers a table's search text: its ticker contains the text (as it always did), or one of
 * its names does (basesByName). Built once per search text; the returned test is cheap per token.
 */
export function tokenSearchMatcher(search: string | undefined | null): ((base: string) => boolean) | null {
  const text = search?.trim() ?? '';
  if (text === '') return null;
  let named = namedCache.get(text);
  if (!named) {
    // Live tables ask again on every update with the same text: remember the last few answers.
    named = new Set(basesByName(text));
    if (namedCache.size >= NAMED_CACHE_SIZE) namedCache.delete(namedCache.keys().next().value as string);
    namedCache.set(text, named);
  }
  const ticker = text.toUpperCase().replace(/\s+/g, '');
  const names = named;
  return (base) => base.includes(ticker) || names.has(base);
}

const NAMED_CACHE_SIZE = 256;
const namedCache = new Map<string, ReadonlySet<string>>();
