import { adStatuses, currencies } from '../../db/schema/index.ts';

/**
 * The parts every ads list's row shares (staff, the member's own, the search): the currency and
 * the status joined as columns, and the row with them nested as the API answers them.
 */

/** An ad row's currency, joined (currencies on ads.currency_id). */
export const currencyFields = {
  currency_id: currencies.id,
  currency_short_name: currencies.short_name,
  currency_sign: currencies.sign,
};
/** An ad row's status, joined (ad_statuses on ads.ad_status_id). */
export const statusFields = {
  status_id: adStatuses.id,
  status_name: adStatuses.name,
  status_color: adStatuses.background_color,
  status_reason: adStatuses.is_reason_required,
};
type CurrencyFields = { currency_id: number; currency_short_name: string; currency_sign: string | null };
type StatusFields = { status_id: number; status_name: string; status_color: string; status_reason: boolean };

/** The row with its currency as the API answers it: `currency: {id, short_name, sign}`. */
export function withCurrency<T extends CurrencyFields>(row: T) {
  const { currency_id, currency_short_name, currency_sign, ...rest } = row;
  return { ...rest, currency: { id: currency_id, short_name: currency_short_name, sign: currency_sign } };
}

/** The row with its status as the API answers it: `status: {id, name, background_color, …}`. */
export function withStatus<T extends StatusFields>(row: T) {
  const { status_id, status_name, status_color, status_reason, ...rest } = row;
  return {
    ...rest,
    status: {
      id: status_id,
      name: status_name,
      background_color: status_color,
      is_reason_required: status_reason,
    },
  };
}
