import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  type CreditPriceRow,
  creditQuantityForTotal,
  creditTotal,
  fieldErrors,
  formatCredits,
  formatMoney,
  type LeadTransactionRow,
  leadTransactionStoreSchema,
  parseAmount,
} from '@usluge/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { fetchPicker } from '../../../api/list-api.ts';
import { FormDialogFrame, useReportChanges } from '../../../components/form/dialog-form.tsx';
import { useDraft } from '../../../components/form/use-draft.ts';
import { useWriteMutation } from '../../../components/form/use-write-mutation.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { storeLeadTransaction } from './credits-api.ts';

type Props = {
  isOpen: boolean;
  userId: number;
  onClose: () => void;
  /** The new ledger row, after the server has added it. */
  onAdded: (row: LeadTransactionRow) => void;
};

/** What the credits dialog calls this dialog when a draft reopens it (use-draft.ts). */
export const ADD_CREDITS_DIALOG = 'add-credits';

/** 'Crna Gora · 0,50 €': which price, how much a credit costs in which currency. */
export function creditPriceLabel(price: CreditPriceRow): string {
  return `${price.os_countries.name} · ${formatMoney(price.price_per_credit, price.currencies, currentLanguage())}`;
}

/** Adds credits to a user, or corrects the balance with a negative quantity (SPEC.md 5). */
export function AddCreditsDialog(props: Props) {
  return (
    <FormDialogFrame isOpen={props.isOpen} onClose={props.onClose} width={500}>
      {(titleId) => <AddCreditsForm {...props} titleId={titleId} />}
    </FormDialogFrame>
  );
}

const READABLE_HINT = { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } as const;

type Errors = Partial<Record<'credit_price_id' | 'credit_amount' | 'credit_for_user_id', string>>;

/**
 * Price, quantity and total. Quantity and total wait for a price; the total follows the quantity
 * (quantity × price, 2 decimals) and typing a total sets the quantity to the whole number of
 * credits it pays for, both by the contract's arithmetic that the server checks too. A typed total
 * that buys no whole number of credits stays as typed while it has the focus (no jump under the
 * cursor), with the total that will be saved said under it; leaving the field or saving puts that
 * total in the field.
 */
function AddCreditsForm({ userId, onClose, onAdded, titleId }: Props & { titleId: string }) {
  const { t } = useTranslation();
  const prices = useQuery({
    queryKey: ['picker', 'credit_prices'],
    queryFn: ({ signal }) =>
      fetchPicker<CreditPriceRow>('credit_prices', signal).then((answer) => answer.result),
    staleTime: 5 * 60_000,
  });
  const [priceId, setPriceId] = useState<number | ''>('');
  const [quantity, setQuantity] = useState('');
  const [total, setTotal] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // One key per body: a retry of the same request is answered once; a changed body is a new one.
  useReportChanges(priceId !== '' || quantity !== '' || total !== '');
  // A draft kept when the session ended under this form comes back here (use-draft.ts).
  useDraft({
    entity: 'lead_transactions',
    row: null,
    dialog: ADD_CREDITS_DIALOG,
    read: () => ({ credit_price_id: priceId, credit_amount: quantity, total }),
    apply: (draft) => {
      if (typeof draft.credit_price_id === 'number') setPriceId(draft.credit_price_id);
      if (typeof draft.credit_amount === 'string') setQuantity(draft.credit_amount);
      if (typeof draft.total === 'string') setTotal(draft.total);
    },
  });

  const price = prices.data?.find((row) => row.id === priceId) ?? null;
  // Quantity and total are typed and shown in the interface language ('1.234,50' / '1,234.50').
  const language = currentLanguage();
  const amountFor = (text: string, perCredit: number | undefined) => {
    const amount = parseAmount(text, language);
    return amount === null || perCredit === undefined ? null : creditTotal(amount, perCredit);
  };
  const totalFor = (text: string, perCredit: number | undefined) => {
    const amount = amountFor(text, perCredit);
    return amount === null ? '' : formatMoney(amount, null, language);
  };
  /** What the quantity costs: the total that Save keeps, whatever the total field says. */
  const savedAmount = amountFor(quantity, price?.price_per_credit);
  const savedTotal = totalFor(quantity, price?.price_per_credit);
  const typedTotal = parseAmount(total, language);
  const isTotalAhead = price !== null && savedAmount !== null && typedTotal !== savedAmount;
  const settleTotal = () => {
    if (price) setTotal(savedTotal);
  };
  const totalHint =
    isTotalAhead && savedAmount !== null
      ? t('credits.totalSaved', {
          total: formatMoney(savedAmount, price.currencies, language),
          quantity: quantity.trim(),
        })
      : price?.currencies.short_name;

  // One Idempotency-Key per opening of the dialog (it mounts per opening), kept across retries.
  const save = useWriteMutation({
    mutationFn: (body: { credit_amount: string; credit_price_id: number; credit_for_user_id: number }, key) =>
      storeLeadTransaction(body, key),
    onSuccess: (row) => {
      onAdded(row);
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return;
      const next: Errors = {};
      for (const field of ['credit_price_id', 'credit_amount', 'credit_for_user_id'] as const) {
        const message = error.fieldErrors[field]?.[0];
        if (message) next[field] = message;
      }
      setErrors(next);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    settleTotal();
    const amount = parseAmount(quantity, language);
    // Text the language does not read as a number is no amount (NaN): the schema's own message.
    const body = {
      credit_amount: amount ?? Number.NaN,
      credit_price_id: priceId,
      credit_for_user_id: userId,
    };
    const parsed = leadTransactionStoreSchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues, currentLanguage());
      setErrors({ credit_price_id: found.credit_price_id?.[0], credit_amount: found.credit_amount?.[0] });
      return;
    }
    setErrors({});
    const sent = {
      credit_amount: String(parsed.data.credit_amount),
      credit_price_id: Number(priceId),
      credit_for_user_id: userId,
    };
    save.submit(sent);
  };

  const isPriceChosen = price !== null;
  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('credits.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            autoFocus
            required
            label={t('credits.price')}
            value={priceId}
            onChange={(event) => {
              const id = Number(event.target.value);
              setPriceId(id);
              setTotal(totalFor(quantity, prices.data?.find((row) => row.id === id)?.price_per_credit));
            }}
            error={errors.credit_price_id !== undefined}
            helperText={errors.credit_price_id}
            fullWidth
          >
            {(prices.data ?? []).map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {creditPriceLabel(row)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            label={t('credits.quantity')}
            value={quantity}
            disabled={!isPriceChosen}
            onChange={(event) => {
              setQuantity(event.target.value);
              setTotal(totalFor(event.target.value, price?.price_per_credit));
            }}
            // The hint stays readable while the field waits for a price (MUI greys it out).
            slotProps={{ htmlInput: { inputMode: 'decimal' }, formHelperText: { sx: READABLE_HINT } }}
            error={errors.credit_amount !== undefined}
            helperText={errors.credit_amount ?? t('credits.quantityHint')}
            fullWidth
          />
          <TextField
            label={t('credits.total')}
            value={total}
            disabled={!isPriceChosen}
            onChange={(event) => {
              setTotal(event.target.value);
              const amount = parseAmount(event.target.value, language);
              if (amount !== null && price) {
                setQuantity(formatCredits(creditQuantityForTotal(amount, price.price_per_credit), language));
              }
            }}
            onBlur={settleTotal}
            // Said as it changes: the quantity next to it changes silently while the total is typed.
            slotProps={{ htmlInput: { inputMode: 'decimal' }, formHelperText: { 'aria-live': 'polite' } }}
            helperText={totalHint}
            fullWidth
          />
          {errors.credit_for_user_id && (
            <Typography color="error" variant="body2">
              {errors.credit_for_user_id}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('common.requiredNote')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
