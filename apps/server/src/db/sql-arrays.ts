import { type SQL, sql } from 'drizzle-orm';

/** The element types arrays travel as. */
export type PgElementType = 'text' | 'int' | 'real' | 'numeric' | 'boolean' | 'timestamptz' | 'date';

type Scalar = string | number | boolean | null;

/**
 * `values` as ONE bound parameter of type `type[]`: the only way arrays go into SQL here. The driver writes the
 * array (node-postgres its array literal, with the quoting and escaping; PGlite from the parameter's described
 * type), so quotes, commas, braces, backslashes and the text 'NULL' arrive as sent and null arrives as NULL. One
 * parameter however long the array (a bare array in drizzle's sql`` would become one parameter per element).
 */
export function sqlArray(values: readonly Scalar[], type: PgElementType): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}

/**
 * Rows as a FROM item, one array parameter per column unnested side by side, with the row's position from 1:
 * `unnest($1::text[], $2::int[]) with ordinality as r("epc", "count", "ord")`. Only the listed columns travel.
 */
export function unnestRows<R extends Record<string, Scalar>>(
  rows: readonly R[],
  columns: { [K in keyof R & string]?: PgElementType },
  alias = 'r',
): SQL {
  const listed = Object.entries(columns) as [keyof R & string, PgElementType][];
  const arrays = listed.map(([name, type]) =>
    sqlArray(
      rows.map((row) => row[name] ?? null),
      type,
    ),
  );
  const names = [...listed.map(([name]) => sql.identifier(name)), sql.identifier('ord')];
  return sql`unnest(${sql.join(arrays, sql`, `)}) with ordinality as ${sql.identifier(alias)}(${sql.join(names, sql`, `)})`;
}
