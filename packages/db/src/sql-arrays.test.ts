import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { arrayParam, numberArrayLiteral } from './sql-arrays.ts';
import { forEachDatabase } from './test-databases.ts';

type Rows<T> = { rows: T[] };

forEachDatabase('array parameters', (getDb) => {
  it('gives back every float as written, nulls, exponents and non-finite values included', async () => {
    const values = [
      140_050_000.25,
      -0.000_000_123_4,
      1e-7,
      1.5e21,
      0,
      -0,
      null,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    const result = (await getDb().db.execute(
      sql`select v from unnest(${arrayParam(values, 'float8')}) with ordinality as u(v, n) order by n`,
    )) as unknown as Rows<{ v: number | string | null }>;
    const read = result.rows.map((row) => (row.v === null ? null : Number(row.v)));
    expect(read).toEqual(values.map((v) => (Object.is(v, -0) ? 0 : v)));
  });

  it('gives back whole numbers of int4 and int8 columns, and text with quotes, commas and braces', async () => {
    const ints = [1, -2_147_483_648, 2_147_483_647, null];
    const bigs = [9_007_199_254_740_993n, -1n];
    const texts = ['a,b', 'say "hi"', '{x}', 'back\\slash', 'NULL', null, ''];
    const result = (await getDb().db.execute(
      sql`select ${arrayParam(ints, 'int4')} as i, ${arrayParam(bigs, 'int8')}::text[] as b,
        ${arrayParam(texts, 'text')} as t`,
    )) as unknown as Rows<{ i: (number | null)[]; b: string[]; t: (string | null)[] }>;
    const row = result.rows[0];
    expect(row?.i).toEqual(ints);
    expect(row?.b).toEqual(['9007199254740993', '-1']);
    expect(row?.t).toEqual(texts);
  });
});

it('writes a number array as PostgreSQL reads it, without quoting each number', () => {
  expect(numberArrayLiteral([])).toBe('{}');
  expect(numberArrayLiteral([1.5, null, undefined, -3e-9, 12n])).toBe('{1.5,NULL,NULL,-3e-9,12}');
});
