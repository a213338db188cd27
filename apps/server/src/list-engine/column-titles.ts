import type { Language } from '@usluge/contract';

/**
 * Report column titles for clients that send plain column keys in show_columns, or none (the web
 * app sends the titles its user sees): every list's default report columns have one (a test says
 * so). Unknown keys fall back to the key itself.
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
  created_at: { me: 'Kreirano', en: 'Created' },
  description: { me: 'Opis', en: 'Description' },
  credit_amount: { me: 'Iznos kredita', en: 'Credit amount' },
  credit_state: { me: 'Stanje kredita', en: 'Credit balance' },
  'os_countries.name': { me: 'Država', en: 'Country' },
  'currencies.name': { me: 'Valuta', en: 'Currency' },
  price_per_credit: { me: 'Cijena po kreditu', en: 'Price per credit' },
  subject: { me: 'Naslov', en: 'Subject' },
  notification_text: { me: 'Tekst notifikacije', en: 'Notification text' },
  sender: { me: 'Poslao', en: 'Sent by' },
  users: { me: 'Korisnici', en: 'Users' },
  recipients_count: { me: 'Broj primalaca', en: 'Recipients' },
  title_me: { me: 'Naslov (crnogorski)', en: 'Title (Montenegrin)' },
  title_en: { me: 'Naslov (engleski)', en: 'Title (English)' },
  text_me: { me: 'Tekst (crnogorski)', en: 'Text (Montenegrin)' },
  text_en: { me: 'Tekst (engleski)', en: 'Text (English)' },
  title: { me: 'Naslov', en: 'Title' },
  status: { me: 'Status', en: 'Status' },
  is_offer: { me: 'Ponuda / potražnja', en: 'Offer / demand' },
  user_name: { me: 'Korisnik', en: 'User' },
  price_from: { me: 'Cijena od', en: 'Price from' },
  price_to: { me: 'Cijena do', en: 'Price to' },
  currency_id: { me: 'Valuta', en: 'Currency' },
  currency: { me: 'Valuta', en: 'Currency' },
  user_type_id: { me: 'Tip korisnika', en: 'User type' },
  price: { me: 'Cijena', en: 'Price' },
  credit_price_id: { me: 'ID cijene', en: 'Price ID' },
  credit_for_user_id: { me: 'ID korisnika', en: 'User ID' },
  credit_before_adding: { me: 'Stanje prije', en: 'Balance before' },
  add_credit_amount: { me: 'Dodato kredita', en: 'Credits added' },
  credit_after_adding: { me: 'Stanje poslije', en: 'Balance after' },
  total_price: { me: 'Ukupna cijena', en: 'Total price' },
  service_id: { me: 'ID usluge', en: 'Service ID' },
  ad_id: { me: 'ID oglasa', en: 'Ad ID' },
  user_id: { me: 'ID korisnika', en: 'User ID' },
  lead_id: { me: 'ID kontakta', en: 'Contact ID' },
  contact_time: { me: 'Vrijeme kontakta', en: 'Contact time' },
  response_time: { me: 'Vrijeme odgovora', en: 'Response time' },
  is_accepted: { me: 'Prihvaćeno', en: 'Accepted' },
  direction: { me: 'Smjer', en: 'Direction' },
  is_read: { me: 'Pročitano', en: 'Read' },
  decided_at: { me: 'Odlučeno', en: 'Decided' },
  reason: { me: 'Razlog', en: 'Reason' },
  member_name: { me: 'Član', en: 'Member' },
  refund_rate: { me: 'Povrati člana', en: "Member's refunds" },
  open_count: { me: 'Prijava', en: 'Reports' },
  oldest_at: { me: 'Prva prijava', en: 'First report' },
  newest_at: { me: 'Posljednja prijava', en: 'Latest report' },
  ad_status_id: { me: 'Status oglasa', en: 'Ad status' },
  // The audit trail's actor column prints the name with the id ('Ana Marković (#14)'), as its screen does.
  actor_id: { me: 'Ko', en: 'Who' },
  actor_name: { me: 'Ko', en: 'Who' },
  ip: { me: 'Adresa', en: 'Address' },
  action: { me: 'Radnja', en: 'Action' },
  record_type: { me: 'Vrsta zapisa', en: 'Record type' },
  record_id: { me: 'ID zapisa', en: 'Record ID' },
  changes: { me: 'Izmjene', en: 'Changes' },
  list: { me: 'Lista', en: 'List' },
  is_shared: { me: 'Dijeljeno', en: 'Shared' },
};

/** Whether the key has a title of its own (not the key itself) in every language. */
export function hasColumnTitle(key: string): boolean {
  return Object.hasOwn(TITLES, key);
}

export function columnTitle(key: string, lang: Language): string {
  return TITLES[key]?.[lang] ?? key;
}
