import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { portalPath } from '../lib/session/role-navigation';
import { useSession } from '../lib/session/use-session';
import { MessagePage } from './message-page';

/**
 * An address that is no page of the app (a mistyped or outdated link): says so, and leads home —
 * the portal for someone signed in, the landing page for anyone else. A view that exists but is
 * not built yet shows the coming-soon page instead.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <MessagePage
      icon={SearchX}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={{ to: user ? portalPath(user.role) : '/', label: t('goHome'), testId: 'not-found-home' }}
    />
  );
}
