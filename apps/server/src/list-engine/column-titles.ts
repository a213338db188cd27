import type { Language } from '@usluge/contract';

/**
 * Report column titles for clients that send plain column keys in show_columns (the web app sends
 * the titles its user sees). Unknown keys fall back to the key itself.
 */
const TITLES: Record<string, Record<Language, string>> = {
  id: { me: 'ID', en: 'ID' },
  updated_at: { me: 'Ažurirano', en: 'Updated' },
  name: { me: 'Naziv', en: 'Name' },
  last_name: { me: 'Prezime', en: 'Last name' },
  full_name: { me: 'Ime i prezime', en: 'Full name' },
  email: { me: 'E-mail', en: 'E-mail' },
  username: { me: 'Korisničko ime', en: 'Username' },
  phone: { me: 'Telefon', en: 'Phone' },
  details: { me: 'Detalji', en: 'Details' },
  address: { me: 'Adresa', en: 'Address' },
  pib: { me: 'PIB', en: 'Tax number' },
  credit: { me: 'Krediti', en: 'Credits' },
  roles: { me: 'Uloge', en: 'Roles' },
  user_types: { me: 'Tip korisnika', en: 'User type' },
  // The column holds the status word ('Aktivan' / 'Neaktivan'), as on the list screens.
  is_active: { me: 'Status', en: 'Status' },
  code: { me: 'Oznaka', en: 'Code' },
  post_code: { me: 'Poštanski broj', en: 'Post code' },
  'countries.name': { me: 'Država', en: 'Country' },
  short_name: { me: 'Skraćeni naziv', en: 'Short name' },
  sign: { me: 'Znak', en: 'Sign' },
};

export function columnTitle(key: string, lang: Language): string {
  return TITLES[key]?.[lang] ?? key;
}
