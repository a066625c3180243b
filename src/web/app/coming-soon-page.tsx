import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** Any view name the app does not have shows "This feature is coming soon!". */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <MessagePage icon={Construction} title={t('comingSoon.title')} body={t('comingSoon.body')} action={{ to: '/', label: t('goHome') }} />
  );
}
