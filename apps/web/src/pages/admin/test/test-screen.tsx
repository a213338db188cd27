import ScienceIcon from '@mui/icons-material/Science';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../../../components/layout/status-screen.tsx';

/** SPEC.md section 2: the test page. */
export function TestScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('pages.test')}
      text={t('placeholder.testText')}
      icon={<ScienceIcon fontSize="large" />}
    />
  );
}
