import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/use-session';

/** The patient's own access log (features/audit), reached by its URL: features do not import each other. */
const ACCESS_LOG_PATH = '/privacy/access-log';

/**
 * The privacy settings: what the portal shares with whom, plainly; for patients, the way to
 * see who opened their record.
 */
export function PrivacySection() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const isPatient = user?.role === 'patient';
  return (
    <div className="flex flex-col gap-4 text-sm">
      <ul className="flex list-disc flex-col gap-2 ps-5 text-slate-800 dark:text-slate-200">
        <li>{t('privacy.careTeam')}</li>
        <li>{t('privacy.staff')}</li>
        <li>{t('privacy.logged')}</li>
        <li>{t('privacy.noSale')}</li>
      </ul>
      {isPatient ? (
        <p>
          <Link to={ACCESS_LOG_PATH} className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-100">
            {t('privacy.accessLogLink')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
