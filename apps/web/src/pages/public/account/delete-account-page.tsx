import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type DeleteAccountForm, deleteAccountSchema } from '@usluge/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { FormFields } from '../../../components/form/form-field-input.tsx';
import { accountApi } from './account-api.ts';
import { DELETE_ACCOUNT_FIELDS } from './account-forms.ts';
import { AccountOutcome, AccountPage, BackHomeLink, failureText } from './account-layout.tsx';
import { showSubmitFailure, useAccountForm } from './use-account-form.ts';

/**
 * `/delete-account` (SPEC.md 4 'Delete account'): the request form, a confirmation dialog, then a
 * message that says the same whether or not such an account exists. The mailed link comes back
 * here as `/delete-account?token=…`, where the deletion itself is confirmed.
 */
export function DeleteAccountPage() {
  const token = (useSearchParams()[0].get('token') ?? '').trim();
  return (
    <AccountPage titleKey="account.deleteAccountTitle">
      {token === '' ? <DeletionRequest /> : <DeletionConfirmation token={token} />}
    </AccountPage>
  );
}

function DeletionRequest() {
  const { t } = useTranslation();
  const form = useAccountForm(deleteAccountSchema, { username: '', email: '' });
  // The checked values wait here while the dialog asks.
  const [pending, setPending] = useState<DeleteAccountForm | null>(null);
  const request = useMutation({
    mutationFn: accountApi.requestDeletion,
    onSettled: () => setPending(null),
    onError: (error) =>
      showSubmitFailure(error, form, DELETE_ACCOUNT_FIELDS, t('common.contactAdministrator')),
  });

  if (request.isSuccess) {
    // Our own words, not the answer's: the page never tells whether the account exists.
    return (
      <AccountOutcome kind="success" message={t('account.deleteLinkSent')}>
        <BackHomeLink />
      </AccountOutcome>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(setPending)}>
      <Typography color="text.secondary">{t('account.deleteIntro')}</Typography>
      <FormFields control={form.control} fields={DELETE_ACCOUNT_FIELDS} />
      <Typography variant="caption" color="text.secondary">
        {t('common.requiredNote')}
      </Typography>
      <Button type="submit" variant="contained" color="error" size="large" disabled={request.isPending}>
        {t('account.requestDeletion')}
      </Button>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('account.deleteQuestion')}
        text={t('account.deleteQuestionText')}
        confirmLabel={t('account.sendLink')}
        isBusy={request.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && request.mutate(pending)}
      />
    </Stack>
  );
}

function DeletionConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  // A click confirms, never the visit alone: mail scanners open links too.
  const confirm = useMutation({
    mutationFn: () => accountApi.confirmDeletion(token),
    onSettled: () => setAsking(false),
  });

  if (confirm.isSuccess) {
    return (
      <AccountOutcome kind="success" message={t('account.accountDeleted')}>
        <BackHomeLink />
      </AccountOutcome>
    );
  }
  if (confirm.isError) {
    return (
      <AccountOutcome kind="error" message={failureText(confirm.error, t('common.contactAdministrator'))}>
        <Link component={RouterLink} to="/delete-account" underline="hover">
          {t('account.requestNewLink')}
        </Link>
      </AccountOutcome>
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography>{t('account.confirmDeletionIntro')}</Typography>
      <Button
        variant="contained"
        color="error"
        size="large"
        disabled={confirm.isPending}
        onClick={() => setAsking(true)}
      >
        {t('account.deleteAccount')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('account.confirmDeletionQuestion')}
        text={t('account.confirmDeletionText')}
        confirmLabel={t('account.deleteAccount')}
        isBusy={confirm.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => confirm.mutate()}
      />
    </Stack>
  );
}
