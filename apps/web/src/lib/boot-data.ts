import type { BootData, DataSource } from '@spreadscope/contracts';
import { rememberEtag } from './answer-etags.ts';

/**
 * What the server inlined into the page it served (`<script type="application/json" id="ss-boot">`, see the
 * server's first-screen.ts): the market source, and on a first visit to /premium the table the page is about
 * to ask for. Read once; the table is handed out once, to the first query that asks for exactly it.
 */
let boot: BootData | null | undefined;

function read(doc: Document | undefined): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  const text = doc?.getElementById('ss-boot')?.textContent;
  if (text) {
    try {
      boot = JSON.parse(text) as BootData;
    } catch {
      boot = null;
    }
  }
  return boot;
}

const doc = () => (typeof document === 'undefined' ? undefined : document);

export function bootDataSource(): DataSource | null {
  return (read(doc())?.dataSource as DataSource | undefined) ?? null;
}

/** Two queries are the same when every parameter reads the same in a URL (where 1 and '1' are one thing). */
function sameQuery(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const present = (q: Readonly<Record<string, unknown>>) =>
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => `${k}=${String(v)}`)
      .sort()
      .join('&');
  return present(a) === present(b);
}

/** The inlined answer to `path` with `query`, once; null when the page carried none for it. */
export function takeBootTable<T>(path: string, query: Readonly<Record<string, unknown>>): T | null {
  const table = read(doc())?.table;
  if (!table || table.path !== path || !sameQuery(table.query, query)) return null;
  if (boot) boot = { ...boot, table: undefined };
  // The socket joins from this table by its tag (answer-etags.ts).
  rememberEtag(table.data, table.etag);
  return table.data as T;
}

/** The server's first paint: the page's boot data, as the browser will read it from the page. */
export function provideBootData(data: BootData): void {
  boot = data;
}

/** For tests: forget what was read, and read `document` again next time. */
export function resetBootData(): void {
  boot = undefined;
}
