import { TEXT_COLLATION } from '@usluge/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table; updated_at is what lists sort and filter by. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const isActive = () => boolean('is_active').notNull().default(true);

/** Money and credit amounts: exact decimals in the database, numbers at the edge. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * A text column or expression with the collation the lists sort text by (list-engine
 * buildOrderBy: Č, Š, Ž beside C, S, Z). An index on it, followed by the id, serves a list sorted
 * by that column in either direction; without the collation the planner cannot use it.
 */
export const sortCollated = (expression: SQL | AnyPgColumn) =>
  sql`${expression} collate ${sql.identifier(TEXT_COLLATION)}`;

/** Letters with diacritics and the plain letter each is searched by (č → c, Đ → D, é → e …). */
const FOLDED_LETTERS: readonly (readonly [string, string])[] = [
  ['ČĆŠŽĐ', 'CCSZD'],
  ['čćšžđ', 'ccszd'],
  ['ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘ', 'AAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAE'],
  ['àáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'aaaaaaceeeeiiiinoooooouuuuyyszzlnae'],
];
const foldedFrom = FOLDED_LETTERS.map(([from]) => from).join('');
const foldedTo = FOLDED_LETTERS.map(([, to]) => to).join('');
if ([...foldedFrom].length !== [...foldedTo].length) throw new Error('FOLDED_LETTERS: lengths differ');

/**
 * Text as a search compares it: without diacritics and in lower case ('Košenje' → 'kosenje'), so
 * 'kosenje' finds 'Košenje trave'. translate first, so that lower meets plain letters, which it
 * folds in any locale (PGlite's is C). Immutable, so a stored generated column and a trigram index
 * are built on it; a search folds its words with the same expression (the letters as literals: a
 * generated column's expression takes no parameters).
 */
export const foldedText = (expression: SQL | AnyPgColumn) =>
  sql`lower(translate(${expression}, ${sql.raw(`'${foldedFrom}'`)}, ${sql.raw(`'${foldedTo}'`)}))`;

/**
 * A stored copy of a text as a search compares it (foldedText), kept by the database; `source` is
 * the SQL of the text over the table's own column names. A search that reads many rows (the global
 * search walking the newest ads, a 'contains' filter served by walking an index in the list's
 * order, a sampled total) compares the copy instead of folding every row it reads: about 1 µs a
 * row instead of 11–26 (bench/README, global search). Never written by the application, never
 * answered. Register it with keepsFoldedCopy so that searches find it.
 */
export const foldedCopy = (name: string, source: string) =>
  text(name).generatedAlwaysAs((): SQL => foldedText(sql.raw(source)));

const foldedCopies = new Map<SQL | AnyPgColumn, AnyPgColumn>();

/** Says that `copy` (a foldedCopy column) holds `source` folded: searchedForm answers it from now on. */
export function keepsFoldedCopy(source: SQL | AnyPgColumn, copy: AnyPgColumn): void {
  foldedCopies.set(source, copy);
}

/**
 * A text as searches compare it: its stored folded copy where the schema keeps one (the very
 * column or expression object registered with keepsFoldedCopy), else folded as it is read.
 */
export const searchedForm = (expression: SQL | AnyPgColumn): SQL | AnyPgColumn =>
  foldedCopies.get(expression) ?? foldedText(expression);

/**
 * A GIN trigram index on a text as 'contains' filters compare it (folded: list-query.ts
 * foldedContains), so that a fragment typed without diacritics is found on the index.
 */
export const foldedTrigram = (expression: SQL | AnyPgColumn) => sql`${foldedText(expression)} gin_trgm_ops`;

/**
 * A text's fingerprint for finding copies: md5 of its folded letters alone (digits, punctuation and
 * spacing dropped, at either end too), so a description pasted again with another phone number or price
 * still matches.
 * NULL stays NULL (never a match). Immutable: a btree index on it answers equality among millions.
 */
export const textFingerprint = (expression: SQL | AnyPgColumn) =>
  sql`md5(btrim(regexp_replace(${foldedText(expression)}, '[^a-z]+', ' ', 'g')))`;

/**
 * A phone as two accounts' phones are compared: its last 8 digits, whatever the spacing, dashes
 * or brackets. A Montenegrin number is 8 digits after its trunk 0 or country code (067 555 019,
 * +382 67 555 019 and 00382 67 555 019 all end in 67555019), so the last 8 ignore the prefix
 * without knowing every way of writing one. A foreign number may share its last 8 digits with
 * another; the hint is for a moderator to look at, never acts. Fewer than 8 digits: NULL, never a
 * match (a stray '0' or '-' is not a phone). Immutable: an index on it answers equality.
 */
export const phoneKey = (expression: SQL | AnyPgColumn) =>
  sql`substring(regexp_replace(${expression}, '[^0-9]', '', 'g') from '[0-9]{8}$')`;
