import { PREMIUM_FIRST_SCREEN, premiumQuerySchema } from '@spreadscope/contracts';
import type { FastifyRequest } from 'fastify';
import type { MarketApi } from '../modules/market/api.ts';
import type { CachedAnswer } from './answer-cache.ts';
import { answerKey } from './cached-reply.ts';
import { principalOf } from './principal.ts';

const FRONT_PREFIX = '/api/v1/front';
const FIRST_SCREEN_QUERY = premiumQuerySchema.parse(PREMIUM_FIRST_SCREEN.query);
const PREMIUM_PAGES = new Set(['/premium', '/en/premium']);

/**
 * The page the server sends for a screen (index.html), with what its first paint needs inlined as
 * `<script type="application/json" id="ss-boot">` (contracts BootData):
 * - the market source, so the "simulated" banner is laid out from the first frame instead of pushing the page
 *   down when the first answer arrives;
 * - on /premium opened without filters in the URL, the premium table a first visit asks for
 *   (PREMIUM_FIRST_SCREEN) as this caller may see it — the very bytes the REST route caches for that query —
 *   so one request paints the table.
 * The page is kept in the answer cache per variant and market version, with its compressed forms.
 */
export function firstScreen(api: MarketApi) {
  return async (request: FastifyRequest, indexHtml: string): Promise<CachedAnswer> => {
    const [path = '/', search] = request.url.split('?');
    const cache = request.server.answers;
    let table: CachedAnswer | null = null;
    let view = '';
    if (PREMIUM_PAGES.has(path) && !search) {
      const { role } = await principalOf(request);
      const tableView = api.tables.viewOf(role, false);
      view = tableView;
      table = cache.answer(answerKey(`${FRONT_PREFIX}/premium`, FIRST_SCREEN_QUERY, tableView), () =>
        api.tables.premium(FIRST_SCREEN_QUERY, tableView),
      );
    }
    const key = `page:${table ? `premium#${view}` : 'plain'}`;
    return cache.answer(
      key,
      () => {
        const boot = [`"dataSource":${JSON.stringify(api.market.dataSource())}`];
        if (table) {
          boot.push(
            `"table":{"path":${JSON.stringify(PREMIUM_FIRST_SCREEN.path)},"query":${JSON.stringify(PREMIUM_FIRST_SCREEN.query)},"etag":${JSON.stringify(table.etag)},"data":${table.raw.toString()}}`,
          );
        }
        // JSON has "<" only inside strings, where \u003c reads the same: nothing can close the script early.
        const json = `{${boot.join(',')}}`.replaceAll('<', '\\u003c');
        const script = `<script type="application/json" id="ss-boot">${json}</script>`;
        return indexHtml.includes('</head>')
          ? indexHtml.replace('</head>', `${script}</head>`)
          : `${script}${indexHtml}`;
      },
      (html) => html as string,
    );
  };
}
