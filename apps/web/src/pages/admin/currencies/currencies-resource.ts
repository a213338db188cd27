import { type CurrencyRow, currencyFormSchema } from '@usluge/contract';
import { defineForm } from '../../../components/form/define-form.tsx';
import { isActiveColumn, updatedAtColumn } from '../../../components/list/common-columns.ts';
import { defineResource } from '../../../components/list/resource-types.ts';

/** Currencies (SPEC.md section 2): name and short name required, the sign optional. */
export const currenciesResource = defineResource<CurrencyRow>({
  entity: 'currencies',
  titleKey: 'pages.currencies',
  defaultSort: { key: 'updated_at', isDescending: true },
  canAdd: true,
  canEdit: true,
  canDelete: true,
  messagesKey: 'resources.currencies',
  columns: [
    updatedAtColumn(),
    {
      key: 'name',
      titleKey: 'columns.currency_name',
      filter: { kind: 'text' },
      isSortable: true,
      width: 200,
    },
    {
      key: 'short_name',
      titleKey: 'columns.short_name',
      filter: { kind: 'text' },
      isSortable: true,
      width: 140,
    },
    { key: 'sign', titleKey: 'columns.sign', filter: { kind: 'text' }, width: 100 },
    isActiveColumn(),
  ],
  form: defineForm({
    schema: currencyFormSchema,
    fields: [
      { name: 'name', labelKey: 'columns.currency_name', kind: 'text', isRequired: true },
      { name: 'short_name', labelKey: 'columns.short_name', kind: 'text', isRequired: true },
      { name: 'sign', labelKey: 'columns.sign', kind: 'text' },
    ],
    emptyValues: { name: '', short_name: '', sign: '' },
    fromRow: (currency: CurrencyRow) => ({
      name: currency.name,
      short_name: currency.short_name,
      sign: currency.sign ?? '',
    }),
    width: 450,
  }),
});
