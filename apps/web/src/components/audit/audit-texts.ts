import {
  AUDIT_SECRET_CHANGED,
  AUDIT_VALUE_WORDS,
  type AuditAction,
  formatAuditValue,
  formatCredits,
} from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import type { me } from '../../i18n/me.ts';
import { STATUS_KEYS } from '../../i18n/seeded-names.ts';

type RecordType = keyof (typeof me)['audit']['recordTypes'];

/**
 * The record types the trail names (the API's resource names), in the order the record-type filter
 * offers them. An entry of a type not listed here still shows, under its API name.
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
  'seeders',
] as const satisfies readonly RecordType[];

export function actionLabelKey(action: AuditAction): TranslationKey {
  return `audit.actions.${action}`;
}

export type AuditTexts = {
  /** 'Države' for os_countries; the API's name for a type without a text of its own. */
  recordType: (recordType: string) => string;
  /** 'Ana Marković (#4)'; 'Sistem' for an entry nobody signed in made (the system's own jobs). */
  actor: (actorId: number | null, actorName: string | null) => string;
  /** A field's name as the trail or the lists' columns call it ('Oznaka' for code), else the API's name. */
  field: (field: string) => string;
  /**
   * A value of a change of `field` as one line of text (formatAuditValue): '—' for none, yes/no,
   * amounts as the language writes them ('1.234,5'; ids stay '12345'), named records by name.
   */
  value: (value: unknown, field: string) => string;
};

/** The texts of audit entries in the interface language. */
export function useAuditTexts(): AuditTexts {
  const { t, i18n } = useTranslation();
  return {
    recordType: (recordType) =>
      isKnownRecordType(recordType) ? t(`audit.recordTypes.${recordType}`) : recordType,
    actor: (actorId, actorName) => {
      if (actorId === null) return actorName ?? t('audit.system');
      return t('audit.actorWithId', { name: actorName ?? '', id: actorId });
    },
    field: (field) => {
      // The trail's own name of a stored column (password_hash: 'Lozinka'), else the lists' name.
      const key = [`audit.fields.${field}`, `columns.${field}`].find((candidate) => i18n.exists(candidate));
      // Only keys the catalogue holds reach t(): exists() checked them.
      return key === undefined ? field : t(key as TranslationKey);
    },
    value: (value, field) => {
      // An ad's status by its name ('Odobren'), not the seeded id it is stored as.
      const statusKey =
        field === 'ad_status_id' && typeof value === 'number' ? STATUS_KEYS[value] : undefined;
      if (statusKey) return t(statusKey);
      const language = currentLanguage();
      return formatAuditValue(value, {
        ...AUDIT_VALUE_WORDS[language],
        number: (n) => (isIdField(field) || !isAmount(n) ? String(n) : formatCredits(n, language)),
      });
    },
  };
}

function isKnownRecordType(recordType: string): recordType is RecordType {
  return (AUDIT_RECORD_TYPES as readonly string[]).includes(recordType);
}

/** A secret (a password) is recorded only as changed: `{before: null, after: 'changed'}`. */
export function isSecretChange(change: { before: unknown; after: unknown }): boolean {
  return change.before === null && change.after === AUDIT_SECRET_CHANGED;
}

/** An id, or ids: 'id', 'user_id', 'service_ids' (a number that names a record, never grouped). */
const isIdField = (field: string) => /(^|_)ids?$/.test(field);

/** A number the amounts' format shows whole: at most 2 decimals (money and credits have no more). */
const isAmount = (n: number) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Text cut to `max` characters with an ellipsis; the whole text when it fits. */
export function shorten(text: string, max: number): { text: string; isCut: boolean } {
  if (text.length <= max) return { text, isCut: false };
  return { text: `${text.slice(0, max - 1).trimEnd()}…`, isCut: true };
}
