import { useTranslation } from 'react-i18next';

/** Who sent a notification; the product's own (an ad's status change) has no sender and reads 'Sistem'. */
export function SenderName({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return <>{name ?? t('notifications.system')}</>;
}
