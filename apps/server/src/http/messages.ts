import { DEFAULT_LANGUAGE, type Language } from '@usluge/contract';

/** Texts the server answers with, besides validation messages (those live in the contract). */
const MESSAGES = {
  me: {
    not_found: 'Traženi resurs ne postoji.',
    route_not_found: 'Putanja {{path}} ne postoji.',
    unauthorized: 'Niste prijavljeni ili je sesija istekla.',
    forbidden: 'Nemate pravo pristupa ovoj akciji.',
    access_not_declared: 'Pristup ovoj putanji nije dozvoljen.',
    invalid_credentials: 'Pogrešno korisničko ime ili lozinka.',
    account_disabled: 'Nalog je deaktiviran. Kontaktirajte administratora.',
    no_back_office_access: 'Nemate pristup administraciji.',
    too_many_attempts: 'Previše pokušaja prijave. Pokušajte ponovo za {{minutes}} min.',
    too_many_requests: 'Previše zahtjeva. Pokušajte ponovo kasnije.',
    cross_site: 'Zahtjev sa drugog sajta je odbijen.',
    refresh_invalid: 'Sesija je istekla. Prijavite se ponovo.',
    logged_out: 'Uspješno ste se odjavili.',
    validation_failed: 'Podaci nisu ispravni.',
    bad_request: 'Neispravan zahtjev.',
    payload_too_large: 'Poslati podaci su preveliki.',
    unsupported_media_type: 'Nepodržan format zahtjeva.',
    internal: 'Došlo je do greške na serveru. Kontaktirajte administratora.',
    unknown_filter_column: 'Nepoznata kolona za filtriranje: {{column}}.',
    unknown_filter_operator: 'Operator "{{operator}}" nije dozvoljen za kolonu {{column}}.',
    invalid_filter_value: 'Neispravna vrijednost filtera za kolonu {{column}}.',
    unknown_sort_key: 'Nepoznata kolona za sortiranje: {{column}}.',
    unknown_report_column: 'Nepoznata kolona izvještaja: {{column}}.',
    conflict: 'Zapis sa ovim podacima već postoji.',
    referenced: 'Zapis je povezan sa drugim podacima.',
    invalid_reference: 'Izabrana vrijednost ne postoji.',
    conflict_country_code: 'Država sa ovom oznakom već postoji.',
    conflict_city_name: 'Grad sa ovim imenom već postoji u izabranoj državi.',
    conflict_user_type_name: 'Tip korisnika sa ovim imenom već postoji.',
    conflict_currency_short_name: 'Valuta sa ovom oznakom već postoji.',
    conflict_day_name: 'Dan sa ovim imenom već postoji.',
    report_too_large: 'Izvještaj može imati najviše {{max}} redova. Suzite filtere.',
  },
  en: {
    not_found: 'The requested resource does not exist.',
    route_not_found: 'Path {{path}} does not exist.',
    unauthorized: 'You are not signed in or your session has expired.',
    forbidden: 'You are not allowed to do this.',
    access_not_declared: 'Access to this path is not allowed.',
    invalid_credentials: 'Wrong username or password.',
    account_disabled: 'This account is disabled. Contact an administrator.',
    no_back_office_access: 'You have no access to the back-office.',
    too_many_attempts: 'Too many sign-in attempts. Try again in {{minutes}} min.',
    too_many_requests: 'Too many requests. Try again later.',
    cross_site: 'A request from another site was refused.',
    refresh_invalid: 'Your session has expired. Sign in again.',
    logged_out: 'You have signed out.',
    validation_failed: 'The data is not valid.',
    bad_request: 'Bad request.',
    payload_too_large: 'The data sent is too large.',
    unsupported_media_type: 'Unsupported request format.',
    internal: 'Something went wrong on the server. Contact an administrator.',
    unknown_filter_column: 'Unknown filter column: {{column}}.',
    unknown_filter_operator: 'Operator "{{operator}}" is not allowed for column {{column}}.',
    invalid_filter_value: 'Invalid filter value for column {{column}}.',
    unknown_sort_key: 'Unknown sort column: {{column}}.',
    unknown_report_column: 'Unknown report column: {{column}}.',
    conflict: 'A record with these details already exists.',
    referenced: 'The record is linked to other data.',
    invalid_reference: 'The chosen value does not exist.',
    conflict_country_code: 'A country with this code already exists.',
    conflict_city_name: 'A city with this name already exists in the chosen country.',
    conflict_user_type_name: 'A user type with this name already exists.',
    conflict_currency_short_name: 'A currency with this code already exists.',
    conflict_day_name: 'A day with this name already exists.',
    report_too_large: 'A report can have at most {{max}} rows. Narrow the filters.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['me'];
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, lang: Language, params: MessageParams = {}): string {
  const template: string = MESSAGES[lang][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const ENGLISH = /^en\b/i;
const MONTENEGRIN = /^(me|cnr|sr|hr|bs|sh)\b/i;

/** The answer language from Accept-Language: English when asked for first, Montenegrin otherwise. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number.parseFloat(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (ENGLISH.test(tag)) return 'en';
    if (MONTENEGRIN.test(tag)) return 'me';
  }
  return DEFAULT_LANGUAGE;
}
