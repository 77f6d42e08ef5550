import type { FetchLike } from '../live/http-seam.ts';

/**
 * Naver DataLab's search-trend API (developers.naver.com, "데이터랩 검색어 트렌드"): POST JSON with
 * `startDate`, `endDate` (yyyy-mm-dd), `timeUnit` (date|week|month) and up to five `keywordGroups`
 * (`groupName` + up to 20 `keywords`), authenticated by the X-Naver-Client-Id / X-Naver-Client-Secret headers.
 * It answers `results[]` with `data[{period, ratio}]`, each ratio relative to the largest value of the whole
 * request (100). Errors come as `{errorMessage, errorCode}`; 429 when the daily quota (1,000 calls) is spent.
 */
export const NAVER_DATALAB_URL = 'https://openapi.naver.com/v1/datalab/search';
export const NAVER_MAX_GROUPS = 5;
export const NAVER_MAX_KEYWORDS = 20;

export interface KeywordGroup {
  /** The token base the group stands for (sent as groupName). */
  readonly groupName: string;
  readonly keywords: readonly string[];
}

export interface TrendPoint {
  /** Epoch ms of the period's first day (UTC midnight of the date Naver prints). */
  readonly d: number;
  readonly v: number;
}

export interface NaverCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

export class SearchTrendError extends Error {
  constructor(
    readonly reason: 'needs_key' | 'rate_limited' | 'rejected' | 'http_error' | 'network' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'SearchTrendError';
  }
}

export interface NaverRequest {
  readonly startDate: string;
  readonly endDate: string;
  readonly timeUnit: 'date' | 'week' | 'month';
  readonly keywordGroups: readonly KeywordGroup[];
}

interface NaverResponse {
  results?: { title?: string; keywords?: string[]; data?: { period?: string; ratio?: number }[] }[];
  errorMessage?: string;
  errorCode?: string;
}

/** One DataLab call (at most five groups): group name → its points, oldest first. */
export async function naverSearchTrend(
  request: NaverRequest,
  credentials: NaverCredentials | null,
  options: { fetch?: FetchLike; url?: string; timeoutMs?: number } = {},
): Promise<Map<string, TrendPoint[]>> {
  if (!credentials)
    throw new SearchTrendError('needs_key', 'NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set');
  if (request.keywordGroups.length === 0 || request.keywordGroups.length > NAVER_MAX_GROUPS) {
    throw new RangeError(`DataLab takes 1 to ${NAVER_MAX_GROUPS} keyword groups per request`);
  }
  const body = {
    startDate: request.startDate,
    endDate: request.endDate,
    timeUnit: request.timeUnit,
    keywordGroups: request.keywordGroups.map((g) => ({
      groupName: g.groupName,
      keywords: g.keywords.slice(0, NAVER_MAX_KEYWORDS),
    })),
  };
  const url = options.url ?? NAVER_DATALAB_URL;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-naver-client-id': credentials.clientId,
        'x-naver-client-secret': credentials.clientSecret,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new SearchTrendError('network', `Naver DataLab: ${(error as Error).message}`);
  }
  const text = await response.text();
  let json: NaverResponse | null = null;
  try {
    json = JSON.parse(text) as NaverResponse;
  } catch {
    json = null;
  }
  const said = json?.errorMessage ? ` ${json.errorCode ?? ''} ${json.errorMessage}`.trimEnd() : '';
  if (response.status === 429) {
    throw new SearchTrendError('rate_limited', `Naver DataLab: HTTP 429 (daily quota or rate limit)${said}`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new SearchTrendError(
      'rejected',
      `Naver DataLab refused the client id/secret: HTTP ${response.status}${said}`,
    );
  }
  if (!response.ok) throw new SearchTrendError('http_error', `Naver DataLab: HTTP ${response.status}${said}`);
  if (!json || !Array.isArray(json.results)) {
    throw new SearchTrendError('malformed', 'Naver DataLab: answer without results[]');
  }
  const out = new Map<string, TrendPoint[]>();
  for (const result of json.results) {
    if (typeof result.title !== 'string') continue;
    const points: TrendPoint[] = [];
    for (const row of result.data ?? []) {
      const d = Date.parse(`${row.period ?? ''}T00:00:00Z`);
      if (Number.isFinite(d) && typeof row.ratio === 'number') points.push({ d, v: row.ratio });
    }
    out.set(result.title, points);
  }
  return out;
}

/**
 * Every token's series over many calls. Each call carries the anchor group plus four tokens, and each
 * call's ratios are rescaled so the anchor matches the first call's: without a shared anchor, ratios of
 * different calls (each relative to its own largest value) could not be compared or ranked.
 */
export async function naverSearchTrends(
  groups: readonly KeywordGroup[],
  anchor: KeywordGroup,
  window: Omit<NaverRequest, 'keywordGroups'>,
  credentials: NaverCredentials | null,
  options: { fetch?: FetchLike; url?: string } = {},
): Promise<Map<string, TrendPoint[]>> {
  const out = new Map<string, TrendPoint[]>();
  const others = groups.filter((g) => g.groupName !== anchor.groupName);
  let reference: TrendPoint[] | null = null;
  const batches: KeywordGroup[][] = [];
  for (let i = 0; i < others.length; i += NAVER_MAX_GROUPS - 1) {
    batches.push(others.slice(i, i + NAVER_MAX_GROUPS - 1));
  }
  if (batches.length === 0) batches.push([]);
  for (const batch of batches) {
    const answer = await naverSearchTrend(
      { ...window, keywordGroups: [anchor, ...batch] },
      credentials,
      options,
    );
    const anchorPoints = answer.get(anchor.groupName) ?? [];
    reference ??= anchorPoints;
    const scale = ratioScale(reference, anchorPoints);
    for (const [name, points] of answer) {
      if (name === anchor.groupName && out.has(name)) continue;
      out.set(
        name,
        points.map((p) => ({ d: p.d, v: Math.round(p.v * scale * 100) / 100 })),
      );
    }
  }
  return out;
}

function ratioScale(reference: readonly TrendPoint[], anchor: readonly TrendPoint[]): number {
  const sum = (points: readonly TrendPoint[]) => points.reduce((s, p) => s + p.v, 0);
  const a = sum(anchor);
  return a > 0 ? sum(reference) / a : 1;
}

/** yyyy-mm-dd of an epoch ms in UTC. */
export function isoDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
