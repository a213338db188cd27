import { DEFAULT_LANGUAGE, type Language } from '@usluge/contract';

/** Texts the server answers with, besides validation messages (those live in the contract). */
export const MESSAGES = {
  me: {
    not_found: 'Traženi resurs ne postoji.',
    route_not_found: 'Putanja {{path}} ne postoji.',
    unauthorized: 'Niste prijavljeni ili je sesija istekla.',
    forbidden: 'Nemate pravo pristupa ovoj akciji.',
    access_not_declared: 'Pristup ovoj putanji nije dozvoljen.',
    invalid_credentials: 'Pogrešno korisničko ime ili lozinka.',
    account_disabled: 'Nalog je deaktiviran. Kontaktirajte administratora.',
    no_back_office_access: 'Nemate pristup administraciji.',
    no_app_access: 'Ovaj nalog nije nalog člana: u aplikaciju se prijavljuju članovi.',
    verify_email_first:
      'Potvrdite e-mail adresu: otvorite link iz poruke koju smo vam poslali, pa se prijavite.',
    too_many_attempts:
      'Previše pokušaja prijave. Pokušajte ponovo za {{minutes}} min. Administrator može i odmah otključati vašu prijavu.',
    too_many_attempts_from_address:
      'Previše pokušaja prijave sa ove adrese. Pokušajte ponovo za {{minutes}} min.',
    user_unlocked: 'Prijava korisnika {{username}} je otključana.',
    user_not_locked: 'Prijava korisnika {{username}} nije bila zaključana.',
    too_many_requests: 'Previše zahtjeva. Pokušajte ponovo kasnije.',
    cross_site: 'Zahtjev sa drugog sajta je odbijen.',
    refresh_invalid: 'Sesija je istekla. Prijavite se ponovo.',
    logged_out: 'Uspješno ste se odjavili.',
    validation_failed: 'Podaci nisu ispravni.',
    bad_request: 'Neispravan zahtjev.',
    payload_too_large: 'Poslati podaci su preveliki.',
    ill_formed_text: 'Tekst sadrži neispravan znak.',
    unsupported_media_type: 'Nepodržan format zahtjeva.',
    invalid_json: 'Tijelo zahtjeva nije ispravan JSON.',
    bad_url: 'Adresa zahtjeva nije ispravna.',
    url_too_long: 'Adresa zahtjeva je preduga.',
    headers_too_large: 'Zaglavlja zahtjeva su prevelika.',
    request_timeout: 'Zahtjev nije stigao na vrijeme.',
    internal: 'Došlo je do greške na serveru. Kontaktirajte administratora.',
    unavailable: 'Usluga je trenutno nedostupna. Pokušajte ponovo za minut.',
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
    conflict_saved_view_name: 'Već imate pogled sa ovim imenom na ovoj listi.',
    report_too_large: 'Izvještaj može imati najviše {{max}} redova. Suzite filtere.',
    reports_busy: 'Upravo se pravi previše izvještaja. Pokušajte ponovo za minut.',
    image_too_large: 'Slika može imati najviše {{max}} MB.',
    image_removed_and_sent: 'Pošaljite novu sliku ili uklonite postojeću, ne oboje.',
    image_type: 'Dozvoljene su samo slike u formatu PNG ili JPEG.',
    image_unreadable: 'Slika je oštećena ili nepotpuna i ne može se pročitati.',
    image_too_many_pixels: 'Slika ima previše piksela. Smanjite je i pokušajte ponovo.',
    field_too_long: 'Vrijednost polja je preduga.',
    unexpected_file: 'Ovo polje ne prima fajlove.',
    too_many_files: 'Možete poslati najviše {{max}} fajlova.',
    credit_would_be_negative: 'Stanje kredita ne može biti negativno (trenutno stanje: {{balance}}).',
    credit_user_has_no_balance: 'Ovaj korisnik je samo administrator i nema stanje kredita.',
    credit_price_inactive: 'Izabrana cijena kredita nije aktivna.',
    conflict_credit_price: 'Cijena kredita za ovu državu i valutu već postoji.',
    idempotency_key_invalid: 'Zaglavlje Idempotency-Key mora imati 1 do 255 vidljivih ASCII znakova.',
    idempotency_key_reused: 'Ovaj Idempotency-Key je već upotrijebljen za drugačiji zahtjev.',
    idempotency_in_progress: 'Zahtjev sa ovim Idempotency-Key se još obrađuje. Pokušajte ponovo.',
    record_changed:
      'Neko je u međuvremenu izmijenio ovaj zapis. Pogledajte trenutne vrijednosti i ponovo primijenite svoje izmjene.',
    lead_own_ad: 'Ne možete kontaktirati sopstveni oglas.',
    lead_service_not_in_ad: 'Ovaj oglas ne nudi izabranu uslugu.',
    lead_not_enough_credits:
      'Nemate dovoljno kredita: kontakt košta {{cost}}, a vaše stanje je {{balance}}. Dopunite kredite pa pokušajte ponovo.',
    lead_already_open: 'Već ste kontaktirali ovaj oglas za ovu uslugu i čekate odgovor.',
    lead_already_answered: 'Na ovaj kontakt je već odgovoreno.',
    lead_answer_too_late: 'Rok za odgovor je istekao: krediti su vraćeni članu koji vas je kontaktirao.',
    refund_request_window_over: 'Povrat se može tražiti najkasnije {{days}} dana nakon kontakta.',
    refund_request_already_refunded: 'Krediti za ovaj kontakt su već vraćeni.',
    refund_request_exists: 'Za ovaj kontakt ste već poslali zahtjev za povrat.',
    refund_request_decided: 'O ovom zahtjevu je već odlučeno.',
    ad_report_exists: 'Ovaj oglas ste već prijavili.',
    ad_report_none_open: 'Ovaj oglas nema otvorenih prijava: neko ih je u međuvremenu riješio.',
    conflict_email: 'Korisnik sa ovom e-mail adresom već postoji.',
    conflict_username: 'Korisnik sa ovim korisničkim imenom već postoji.',
    cannot_deactivate_self: 'Ne možete deaktivirati sopstveni nalog.',
    cannot_remove_own_admin_role: 'Ne možete sebi ukloniti ulogu Administrator.',
    service_parent_not_folder: '„{{name}}“ je usluga, a ne folder: usluge se mogu dodavati samo u foldere.',
    service_cycle: 'Čvor ne može biti premješten u sebe ili u svoj podfolder.',
    service_folder_has_children: 'Folder koji ima stavke ne može postati usluga.',
    service_parent_inactive: 'Najprije vratite nadređeni folder „{{name}}“.',
    ad_status_changed:
      'Oglas je u međuvremenu dobio status „{{status}}“. Osvježite prikaz i odlučite ponovo.',
    ad_status_not_allowed: 'Oglas sa statusom „{{from}}“ ne može preći u status „{{to}}“.',
    ad_claimed: 'Ovaj oglas upravo pregleda {{name}}: sačekajte da završi ili izaberite drugi.',
    field_required: 'Obavezno polje.',
    rejection_reason_unavailable: 'Izabrani razlog odbijanja ne postoji ili nije aktivan.',
    ad_city_outside_country: 'Izabrani grad nije u izabranoj državi.',
    account_registered: 'Nalog je otvoren. Poslali smo vam e-mail sa linkom za potvrdu.',
    account_verified: 'Nalog je potvrđen. Možete se prijaviti.',
    account_already_verified: 'Nalog je već potvrđen. Možete se prijaviti.',
    account_token_invalid: 'Link nije ispravan, već je iskorišćen ili je istekao.',
    reset_link_sent: 'Ako nalog sa ovom adresom postoji, poslali smo link za novu lozinku.',
    password_changed: 'Lozinka je promijenjena. Prijavite se novom lozinkom.',
    delete_link_sent: 'Ako nalog sa ovim podacima postoji, poslali smo link za potvrdu brisanja.',
    account_deleted: 'Nalog je obrisan.',
    wrong_password: 'Pogrešna lozinka.',
    password_changed_here:
      'Lozinka je promijenjena. Ostali ste prijavljeni ovdje; na ostalim uređajima prijavite se novom lozinkom.',
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
    no_app_access: 'This is not a member account: the app signs in members.',
    verify_email_first:
      'Confirm your e-mail address: open the link in the message we sent you, then sign in.',
    too_many_attempts:
      'Too many sign-in attempts. Try again in {{minutes}} min. An administrator can also unlock your sign-in right away.',
    too_many_attempts_from_address:
      'Too many sign-in attempts from this address. Try again in {{minutes}} min.',
    user_unlocked: 'The sign-in of {{username}} is unlocked.',
    user_not_locked: 'The sign-in of {{username}} was not locked.',
    too_many_requests: 'Too many requests. Try again later.',
    cross_site: 'A request from another site was refused.',
    refresh_invalid: 'Your session has expired. Sign in again.',
    logged_out: 'You have signed out.',
    validation_failed: 'The data is not valid.',
    bad_request: 'Bad request.',
    payload_too_large: 'The data sent is too large.',
    ill_formed_text: 'The text contains an invalid character.',
    unsupported_media_type: 'Unsupported request format.',
    invalid_json: 'The request body is not valid JSON.',
    bad_url: 'The request address is not valid.',
    url_too_long: 'The request address is too long.',
    headers_too_large: 'The request headers are too large.',
    request_timeout: 'The request did not arrive in time.',
    internal: 'Something went wrong on the server. Contact an administrator.',
    unavailable: 'The service is unavailable for the moment. Try again in a minute.',
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
    conflict_saved_view_name: 'You already have a view with this name on this list.',
    report_too_large: 'A report can have at most {{max}} rows. Narrow the filters.',
    reports_busy: 'Too many reports are being made right now. Try again in a minute.',
    image_too_large: 'An image can be at most {{max}} MB.',
    image_removed_and_sent: 'Send a new image or remove the current one, not both.',
    image_type: 'Only PNG or JPEG images are accepted.',
    image_unreadable: 'The image is damaged or incomplete and cannot be read.',
    image_too_many_pixels: 'The image has too many pixels. Make it smaller and try again.',
    field_too_long: 'The field value is too long.',
    unexpected_file: 'This field does not take files.',
    too_many_files: 'You can send at most {{max}} files.',
    credit_would_be_negative: 'The credit balance cannot become negative (current balance: {{balance}}).',
    credit_user_has_no_balance: 'This user is only an administrator and holds no credit balance.',
    credit_price_inactive: 'The chosen credit price is not active.',
    conflict_credit_price: 'A credit price for this country and currency already exists.',
    idempotency_key_invalid: 'The Idempotency-Key header must have 1 to 255 visible ASCII characters.',
    idempotency_key_reused: 'This Idempotency-Key was already used for a different request.',
    idempotency_in_progress: 'A request with this Idempotency-Key is still being processed. Try again.',
    record_changed:
      'Someone has changed this record in the meantime. Look at the current values and apply your changes again.',
    lead_own_ad: 'You cannot contact your own ad.',
    lead_service_not_in_ad: 'This ad does not offer the chosen service.',
    lead_not_enough_credits:
      'Not enough credits: the contact costs {{cost}} and your balance is {{balance}}. Top up, then try again.',
    lead_already_open: 'You have already contacted this ad for this service and are waiting for an answer.',
    lead_already_answered: 'This contact has already been answered.',
    lead_answer_too_late:
      'The time to answer has run out: the member who contacted you got the credits back.',
    refund_request_window_over: 'A refund can be asked for at most {{days}} days after the contact.',
    refund_request_already_refunded: 'The credits of this contact have already been given back.',
    refund_request_exists: 'You have already asked for a refund of this contact.',
    refund_request_decided: 'This request has already been decided.',
    ad_report_exists: 'You have already reported this ad.',
    ad_report_none_open: 'This ad has no open reports: someone has resolved them in the meantime.',
    conflict_email: 'A user with this e-mail address already exists.',
    conflict_username: 'A user with this username already exists.',
    cannot_deactivate_self: 'You cannot deactivate your own account.',
    cannot_remove_own_admin_role: 'You cannot remove the Administrator role from yourself.',
    service_parent_not_folder: '"{{name}}" is a service, not a folder: only folders hold other nodes.',
    service_cycle: 'A node cannot be moved into itself or into one of its own subfolders.',
    service_folder_has_children: 'A folder that holds items cannot become a service.',
    service_parent_inactive: 'Restore its folder "{{name}}" first.',
    ad_status_changed: 'The ad has meanwhile moved to "{{status}}". Refresh and decide again.',
    ad_status_not_allowed: 'An ad in status "{{from}}" cannot move to "{{to}}".',
    ad_claimed: 'This ad is being reviewed by {{name}}: wait until they finish or pick another one.',
    field_required: 'This field is required.',
    rejection_reason_unavailable: 'A chosen rejection reason does not exist or is not active.',
    ad_city_outside_country: 'The chosen city is not in the chosen country.',
    account_registered: 'Your account is open. We sent you an e-mail with a confirmation link.',
    account_verified: 'Your account is confirmed. You can sign in.',
    account_already_verified: 'Your account is already confirmed. You can sign in.',
    account_token_invalid: 'The link is not valid, was already used or has expired.',
    reset_link_sent: 'If an account with this address exists, we sent it a link to set a new password.',
    password_changed: 'Your password was changed. Sign in with the new one.',
    delete_link_sent: 'If an account with these details exists, we sent it a link to confirm the deletion.',
    account_deleted: 'The account was deleted.',
    wrong_password: 'Wrong password.',
    password_changed_here:
      'Your password has been changed. You stay signed in here; sign in with the new password on your other devices.',
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
