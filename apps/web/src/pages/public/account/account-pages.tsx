import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PublicCardLayout } from '../../../components/layout/public-card-layout.tsx';
import type { TranslationKey } from '../../../i18n/catalogue.ts';

/** The public account pages exist as routes now; their flows come with the account issue. */
function AccountPlaceholder({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <PublicCardLayout>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(titleKey)}
      </Typography>
      <Typography color="text.secondary" role="status">
        {t('account.comingSoon')}
      </Typography>
    </PublicCardLayout>
  );
}

export function VerifyAccountPage() {
  return <AccountPlaceholder titleKey="account.verifyTitle" />;
}

export function ResetPasswordPage() {
  return <AccountPlaceholder titleKey="account.resetPasswordTitle" />;
}

export function DeleteAccountPage() {
  return <AccountPlaceholder titleKey="account.deleteAccountTitle" />;
}

export function SeedersPage() {
  return <AccountPlaceholder titleKey="account.seedersTitle" />;
}
