import type { me } from './me.ts';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every catalogue has: the Montenegrin one's keys, any text. */
export type Catalogue = DeepStrings<typeof me>;

type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key, e.g. `'list.noData'`. */
export type TranslationKey = Paths<Catalogue>;
