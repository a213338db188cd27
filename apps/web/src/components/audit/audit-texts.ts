import { type AuditAction, type AuditTexts, auditTexts, DEFAULT_LANGUAGE } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/catalogue.ts';
import { isLanguage } from '../../i18n/language-preference.ts';

/** An action's name as a catalogue key, for the action filter's choices. */
export function actionLabelKey(action: AuditAction): TranslationKey {
  return `audit.actions.${action}`;
}

/**
 * The texts of audit entries in the interface language: the contract's (auditTexts), which the
 * trail's report writes too, so that the screen and the file say the same.
 */
export function useAuditTexts(): AuditTexts {
  // Subscribes to the language: a switch renders the entries anew.
  const { i18n } = useTranslation();
  return auditTexts(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
}

/** Text cut to `max` characters with an ellipsis; the whole text when it fits. */
export function shorten(text: string, max: number): { text: string; isCut: boolean } {
  if (text.length <= max) return { text, isCut: false };
  return { text: `${text.slice(0, max - 1).trimEnd()}…`, isCut: true };
}
