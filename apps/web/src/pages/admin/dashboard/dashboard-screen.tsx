import DashboardIcon from '@mui/icons-material/Dashboard';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../../components/layout/status-screen.tsx';

/** SPEC.md section 2: a placeholder title. */
export function DashboardScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('pages.dashboard')}
      text={t('placeholder.dashboardText')}
      icon={<DashboardIcon fontSize="large" />}
    />
  );
}
