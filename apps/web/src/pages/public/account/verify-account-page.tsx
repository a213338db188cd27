import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { accountApi } from './account-api.ts';
import { AccountOutcome, AccountPage, BackHomeLink, failureText } from './account-layout.tsx';

/**
 * `/verify-account/{token}`, the link of the verification mail: loading, then success (in the
 * page's language, which may have changed since; 'already verified' when opened again) or the
 * error of SPEC.md 8. The token is single-use, so the call is a cached query: a re-render (or
 * React's development double effects) never sends it twice.
 */
export function VerifyAccountPage() {
  const { t } = useTranslation();
  const token = (useParams().token ?? '').trim();
  const verification = useQuery({
    queryKey: ['account', 'verify', token],
    queryFn: () => accountApi.verify(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  return (
    <AccountPage titleKey="account.verifyTitle">
      {token === '' ? (
        <AccountOutcome kind="error" message={t('account.verifyNoToken')} />
      ) : verification.isPending ? (
        <AccountOutcome kind="loading" message={t('account.verifying')} />
      ) : verification.isError ? (
        <AccountOutcome kind="error" message={failureText(verification.error, t('account.verifyFailed'))}>
          <BackHomeLink />
        </AccountOutcome>
      ) : (
        // A reload after success: the link worked before, so the account is already verified.
        <AccountOutcome
          kind="success"
          message={t(verification.data.is_already_verified ? 'account.alreadyVerified' : 'account.verified')}
        >
          <BackHomeLink />
        </AccountOutcome>
      )}
    </AccountPage>
  );
}
