import { adStatusText } from './ads.ts';
import { AUDIT_SECRET_CHANGED, AUDIT_VALUE_WORDS, type AuditAction, formatAuditValue } from './audit.ts';
import { COLUMN_TEXTS } from './column-texts.ts';
import { formatCredits } from './money.ts';
import type { Language } from './validation.ts';

/**
 * The record types of the trail's entries (the API's resource names), in the order the screen's
 * record-type filter offers them: every entry the server writes has one of them (its appendAudit
 * takes no other), and a timeline is asked for by one of them.
 */
export const AUDIT_RECORD_TYPES = [
  'users',
  'jobs',
  'ad_reports',
  'rejection_reasons',
  'services',
  'os_countries',
  'os_cities',
  'user_types',
  'currencies',
  'days',
  'credit_prices',
  'lead_transactions',
  'transactions',
  'leads',
  'refund_requests',
  'notifications',
  'favourites',
  'saved_views',
  'user_preferences',
  'seeders',
  // Lists that only an export's entry names.
  'jobs_queue',
  'ads_search',
  'ad_statuses',
  'roles',
  'service_choices',
  'service_credit_history',
  'credit_price_history',
  'audit',
  'me_ads',
  'me_leads',
  'me_ledger',
  'me_notifications',
  'me_refund_requests',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

const RECORD_TYPE_SET: ReadonlySet<string> = new Set(AUDIT_RECORD_TYPES);

/** Whether a record type is one the trail has entries of (a timeline asked for another is refused). */
export function isAuditRecordType(recordType: string): recordType is AuditRecordType {
  return RECORD_TYPE_SET.has(recordType);
}

const AUDIT_TEXTS_ME = {
  actions: {
    create: 'Dodavanje',
    update: 'Izmjena',
    toggle: 'Aktiviranje / deaktiviranje',
    delete: 'Brisanje',
    status: 'Promjena statusa',
    credits: 'Krediti',
    roles: 'Uloge',
    sign_in: 'Prijava',
    sign_in_failed: 'Neuspjela prijava',
    unlock: 'Otključavanje prijave',
    export: 'Izvoz izvještaja',
    seed_download: 'Preuzimanje seed fajla',
  } satisfies Record<AuditAction, string>,
  recordTypes: {
    users: 'Korisnici',
    jobs: 'Oglasi',
    os_countries: 'Države',
    os_cities: 'Gradovi',
    user_types: 'Tipovi korisnika',
    currencies: 'Valute',
    days: 'Dani',
    credit_prices: 'Cijene kredita',
    services: 'Usluge',
    lead_transactions: 'Kretanja kredita',
    transactions: 'Transakcije',
    leads: 'Kontakti',
    refund_requests: 'Zahtjevi za povrat',
    ad_reports: 'Prijave oglasa',
    rejection_reasons: 'Razlozi odbijanja',
    notifications: 'Notifikacije',
    favourites: 'Omiljene usluge',
    saved_views: 'Sačuvani pogledi',
    user_preferences: 'Podešavanja lista',
    seeders: 'Seed fajlovi',
    jobs_queue: 'Oglasi na odobrenju',
    ads_search: 'Pretraga oglasa',
    ad_statuses: 'Statusi oglasa',
    roles: 'Uloge',
    service_choices: 'Izbor usluga',
    service_credit_history: 'Istorija kredita usluga',
    credit_price_history: 'Istorija cijena kredita',
    audit: 'Revizija',
    me_ads: 'Oglasi člana',
    me_leads: 'Kontakti člana',
    me_ledger: 'Krediti člana',
    me_notifications: 'Notifikacije člana',
    me_refund_requests: 'Zahtjevi za povrat člana',
  } satisfies Record<AuditRecordType, string>,
  /** Stored columns the trail names itself; any other field by its list column's name (COLUMN_TEXTS). */
  fields: {
    password_hash: 'Lozinka',
    user_type_id: 'Tip korisnika',
    os_country_id: 'Država',
    currency_id: 'Valuta',
    ad_status_id: 'Status',
    status_comment: 'Razlog statusa',
    title: 'Naslov',
    is_offer: 'Ponuda',
    price_from: 'Cijena od',
    price_to: 'Cijena do',
    service_id: 'Folder',
    filters: 'Filteri',
    places: 'Mjesta',
    days: 'Radni dani',
    photos: 'Fotografije (uklonjene → dodate)',
    deactivated_with_id: 'Deaktivirano sa folderom (ID)',
    subject: 'Naslov',
    notification_text: 'Tekst notifikacije',
    notification_user_types: 'Tipovi korisnika',
    notification_for_users: 'Korisnici',
  },
  /** The actor of an entry nobody signed in made (the system's own jobs). */
  system: 'Sistem',
  /** What a secret's change reads instead of its values. */
  secretChanged: 'izmijenjeno',
  noChanges: 'Bez izmjena polja',
};

/** The audit trail's words in one language: the same keys in every language. */
export type AuditTextTable = {
  [Key in keyof typeof AUDIT_TEXTS_ME]: (typeof AUDIT_TEXTS_ME)[Key] extends string
    ? string
    : Readonly<Record<keyof (typeof AUDIT_TEXTS_ME)[Key], string>>;
};

/**
 * The audit trail's words, on its screen (the web catalogue's `audit` reads them) and in its
 * report alike: actions, record types, the fields it names itself, the actor of the system's jobs.
 */
export const AUDIT_TEXTS: Readonly<Record<Language, AuditTextTable>> = {
  me: AUDIT_TEXTS_ME,
  en: {
    actions: {
      create: 'Created',
      update: 'Updated',
      toggle: 'Activated / deactivated',
      delete: 'Deleted',
      status: 'Status change',
      credits: 'Credits',
      roles: 'Roles',
      sign_in: 'Sign-in',
      sign_in_failed: 'Failed sign-in',
      unlock: 'Sign-in lock lifted',
      export: 'Report export',
      seed_download: 'Seed file download',
    },
    recordTypes: {
      users: 'Users',
      jobs: 'Ads',
      os_countries: 'Countries',
      os_cities: 'Cities',
      user_types: 'User types',
      currencies: 'Currencies',
      days: 'Days',
      credit_prices: 'Credit prices',
      services: 'Services',
      lead_transactions: 'Credit movements',
      transactions: 'Transactions',
      leads: 'Contacts',
      refund_requests: 'Refund requests',
      ad_reports: 'Ad reports',
      rejection_reasons: 'Rejection reasons',
      notifications: 'Notifications',
      favourites: 'Favourite services',
      saved_views: 'Saved views',
      user_preferences: 'List settings',
      seeders: 'Seed files',
      jobs_queue: 'Ads awaiting approval',
      ads_search: 'Ad search',
      ad_statuses: 'Ad statuses',
      roles: 'Roles',
      service_choices: 'Service choices',
      service_credit_history: 'Service credit history',
      credit_price_history: 'Credit price history',
      audit: 'Audit trail',
      me_ads: "A member's ads",
      me_leads: "A member's contacts",
      me_ledger: "A member's credits",
      me_notifications: "A member's notifications",
      me_refund_requests: "A member's refund requests",
    },
    fields: {
      password_hash: 'Password',
      user_type_id: 'User type',
      os_country_id: 'Country',
      currency_id: 'Currency',
      ad_status_id: 'Status',
      status_comment: 'Status reason',
      title: 'Title',
      is_offer: 'Offer',
      price_from: 'Price from',
      price_to: 'Price to',
      service_id: 'Folder',
      filters: 'Filters',
      places: 'Places',
      days: 'Working days',
      photos: 'Photos (removed → added)',
      deactivated_with_id: 'Deactivated with folder (ID)',
      subject: 'Subject',
      notification_text: 'Notification text',
      notification_user_types: 'User types',
      notification_for_users: 'Users',
    },
    system: 'System',
    secretChanged: 'changed',
    noChanges: 'No field changes',
  },
};

/** One field of an entry's change as it reads; a secret has no values to show ('Lozinka: izmijenjeno'). */
export type AuditChangeLine = {
  field: string;
  label: string;
  before: string;
  after: string;
  isSecret: boolean;
};

/** How an entry reads in one language, on the trail's screen and in its report. */
export type AuditTexts = {
  /** 'Izmjena' for update; an action without a text of its own by its API name. */
  action: (action: string) => string;
  /** 'Države' for os_countries; the API's name for a type without a text of its own. */
  recordType: (recordType: string) => string;
  /** 'Ana Marković (#4)'; 'Sistem' for an entry nobody signed in made (the system's own jobs). */
  actor: (actorId: number | null, actorName: string | null) => string;
  /** A field's name as the trail or the lists' columns call it ('Oznaka' for code), else the API's name. */
  field: (field: string) => string;
  /**
   * A value of a change of `field` as one line of text (formatAuditValue): '—' for none, yes/no,
   * an ad's status by name, amounts as the language writes them ('1.234,5'; ids stay '12345'),
   * named records by name.
   */
  value: (value: unknown, field: string) => string;
  /** Each field of an entry's `changes`, in its order. */
  changeLines: (
    changes: Readonly<Record<string, { before?: unknown; after?: unknown }>>,
  ) => AuditChangeLine[];
};

// Own keys only: a field named 'constructor' is not a text.
const textOf = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** An id, or ids: 'id', 'user_id', 'service_ids' (a number that names a record, never grouped). */
const isIdField = (field: string) => /(^|_)ids?$/.test(field);

/** A number the amounts' format shows whole: at most 2 decimals (money and credits have no more). */
const isAmount = (n: number) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A secret (a password) is recorded only as changed: `{before: null, after: 'changed'}`. */
function isSecretChange(change: { before?: unknown; after?: unknown }): boolean {
  return change.before === null && change.after === AUDIT_SECRET_CHANGED;
}

// Made once per language: a report asks for them in every cell.
const made = new Map<Language, AuditTexts>();

/** The texts of audit entries in `lang`. */
export function auditTexts(lang: Language): AuditTexts {
  const known = made.get(lang);
  if (known) return known;
  const words = AUDIT_TEXTS[lang];
  const texts: AuditTexts = {
    action: (action) => textOf(words.actions, action) ?? action,
    recordType: (recordType) => textOf(words.recordTypes, recordType) ?? recordType,
    actor: (actorId, actorName) =>
      actorId === null ? (actorName ?? words.system) : `${actorName ?? ''} (#${actorId})`,
    field: (field) => textOf(words.fields, field) ?? textOf(COLUMN_TEXTS[lang], field) ?? field,
    value: (value, field) => {
      // An ad's status by its name ('Odobren'), not the seeded id it is stored as.
      const status =
        field === 'ad_status_id' && typeof value === 'number' ? adStatusText(value, lang) : undefined;
      if (status !== undefined) return status;
      return formatAuditValue(value, {
        ...AUDIT_VALUE_WORDS[lang],
        number: (n) => (isIdField(field) || !isAmount(n) ? String(n) : formatCredits(n, lang)),
      });
    },
    changeLines: (changes) =>
      Object.entries(changes).map(([field, change]) => ({
        field,
        label: texts.field(field),
        before: texts.value(change?.before, field),
        after: texts.value(change?.after, field),
        isSecret: isSecretChange(change ?? {}),
      })),
  };
  made.set(lang, texts);
  return texts;
}
