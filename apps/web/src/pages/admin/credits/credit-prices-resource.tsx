import HistoryIcon from '@mui/icons-material/History';
import {
  type CreditPriceHistoryRow,
  type CreditPriceRow,
  type CurrencyMark,
  creditPriceFormSchema,
  formatMoney,
} from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { HistoryDialog } from '../../../components/list/history-table.tsx';
import { DateTimeText } from '../../../components/list/list-cells.tsx';
import {
  type ColumnConfig,
  defineResource,
  type RowActionDialogProps,
} from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/** A price's history, its amounts in the price's currency. */
const priceHistoryColumns = (currency: CurrencyMark): readonly ColumnConfig<CreditPriceHistoryRow>[] => [
  {
    key: 'updated_at',
    titleKey: 'columns.updated_at',
    render: (row) => <DateTimeText value={row.updated_at} />,
  },
  {
    key: 'price',
    titleKey: 'columns.price_per_credit',
    align: 'right',
    render: (row) => formatMoney(row.price, currency, currentLanguage()),
  },
  { key: 'changed_by', titleKey: 'credits.by' },
];

/** Every price a credit price has had, newest first, and who set it. */
function PriceHistoryDialog({ row, isOpen, onClose }: RowActionDialogProps<CreditPriceRow>) {
  const { t } = useTranslation();
  return (
    <HistoryDialog<CreditPriceHistoryRow>
      isOpen={isOpen}
      onClose={onClose}
      title={t('credits.priceHistoryTitle', {
        name: `${row.os_countries.name} · ${row.currencies.short_name}`,
      })}
      path="/api/credit_prices/credit-price-history"
      filters={{ credit_price_id: { operator: 'equals', value: row.id } }}
      columns={priceHistoryColumns(row.currencies)}
    />
  );
}

/**
 * Credit prices (`/credits`, SPEC.md 2): what a credit costs per country and currency, one price
 * per pair; every change of a price is kept in its history.
 */
export const creditPricesResource = defineResource<CreditPriceRow>({
  entity: 'credit_prices',
  titleKey: 'pages.credits',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.creditPrices',
  rowName: (price) => `${price.os_countries.name} · ${price.currencies.short_name}`,
  columns: [
    updatedAtColumn(),
    {
      key: 'os_countries.name',
      titleKey: 'columns.country',
      filter: { kind: 'text' },
      isSortable: true,
      width: 180,
      render: (price) => price.os_countries.name,
    },
    {
      key: 'currencies.name',
      titleKey: 'columns.currency',
      filter: { kind: 'text' },
      isSortable: true,
      width: 160,
      render: (price) => `${price.currencies.name} (${price.currencies.short_name})`,
    },
    {
      key: 'price_per_credit',
      titleKey: 'columns.price_per_credit',
      filter: { kind: 'number' },
      isSortable: true,
      align: 'right',
      width: 150,
      render: (price) => formatMoney(price.price_per_credit, price.currencies, currentLanguage()),
    },
    isActiveColumn(),
  ],
  rowActions: [
    {
      key: 'history',
      labelKey: 'credits.priceHistory',
      icon: <HistoryIcon fontSize="small" />,
      renderDialog: (props) => <PriceHistoryDialog {...props} />,
    },
  ],
  form: defineForm({
    schema: creditPriceFormSchema,
    fields: [
      {
        name: 'os_country_id',
        labelKey: 'columns.country',
        kind: 'select',
        picker: 'os_countries',
        isRequired: true,
      },
      {
        name: 'currency_id',
        labelKey: 'columns.currency',
        kind: 'select',
        picker: 'currencies',
        isRequired: true,
      },
      {
        name: 'price_per_credit',
        labelKey: 'columns.price_per_credit',
        kind: 'amount',
        isRequired: true,
      },
    ],
    emptyValues: { os_country_id: '', currency_id: '', price_per_credit: '' },
    fromRow: (price: CreditPriceRow) => ({
      os_country_id: price.os_country_id,
      currency_id: price.currency_id,
      price_per_credit: formatMoney(price.price_per_credit, null, currentLanguage()),
    }),
    width: 450,
  }),
});
