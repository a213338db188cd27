import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicCardLayout } from '../../../components/layout/public-card-layout.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${t('common.appName')}`;
  }, [t]);
  return (
    <PublicCardLayout>
      <Typography variant="overline" color="text.secondary">
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('common.backHome')}
      </Button>
    </PublicCardLayout>
  );
}
