/** The product's home: dates are shown, and date-only filters are read, as days in Montenegro. */
export const TIME_ZONE = 'Europe/Podgorica';

/** ICU collation both databases have: letters with diacritics sort beside their base letter. */
export const TEXT_COLLATION = 'und-x-icu';
