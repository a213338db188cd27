import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormFields } from '../../../components/form/form-field-input.tsx';
import { accountApi } from './account-api.ts';
import { RESET_PASSWORD_FIELDS, resetPasswordFormSchema } from './account-forms.ts';
import { AccountOutcome, AccountPage, BackHomeLink, failureText } from './account-layout.tsx';
import { showSubmitFailure, useAccountForm } from './use-account-form.ts';

/**
 * `/reset-password/{token}`, the link of the reset mail (SPEC.md 4 'Reset password'): the token is
 * checked first and the account's name shown, then the new password twice, then success. A link
 * without a token says 'Token neispravan'.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = (useParams().token ?? '').trim();
  const check = useQuery({
    queryKey: ['account', 'check-uuid', token],
    queryFn: () => accountApi.checkResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  return (
    <AccountPage titleKey="account.resetPasswordTitle">
      {token === '' ? (
        <AccountOutcome kind="error" message={t('account.tokenInvalid')} />
      ) : check.isPending ? (
        <AccountOutcome kind="loading" message={t('account.checkingLink')} />
      ) : check.isError ? (
        <AccountOutcome kind="error" message={failureText(check.error, t('account.tokenInvalid'))}>
          <BackHomeLink />
        </AccountOutcome>
      ) : (
        <NewPasswordForm token={token} fullName={check.data.full_name} />
      )}
    </AccountPage>
  );
}

function NewPasswordForm({ token, fullName }: { token: string; fullName: string }) {
  const { t } = useTranslation();
  const form = useAccountForm(resetPasswordFormSchema, { new_password: '', confirm_password: '' });
  const save = useMutation({
    mutationFn: (newPassword: string) => accountApi.setNewPassword(token, newPassword),
    onError: (error) =>
      showSubmitFailure(error, form, RESET_PASSWORD_FIELDS, t('common.contactAdministrator')),
  });

  if (save.isSuccess) {
    return (
      <AccountOutcome kind="success" message={t('account.passwordChanged')}>
        <BackHomeLink />
      </AccountOutcome>
    );
  }
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={form.handleSubmit((values) => save.mutate(values.new_password))}
    >
      <div>
        <Typography sx={{ fontWeight: 600 }}>{t('account.resetFor', { name: fullName })}</Typography>
        <Typography color="text.secondary">{t('account.resetIntro')}</Typography>
      </div>
      <FormFields control={form.control} fields={RESET_PASSWORD_FIELDS} />
      <Typography variant="caption" color="text.secondary">
        {t('common.requiredNote')}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
        {t('account.savePassword')}
      </Button>
    </Stack>
  );
}
