import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../components/form/change-password-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session/use-session';

/**
 * Shown to an account whose password was given to it (isFirstTimeLogin), before the portal can be
 * used; it cannot be dismissed (only Sign Out leaves it). The one change-password form, with a way out.
 */
export function ChangePasswordDialog() {
  const { t } = useTranslation('auth');
  const session = useSession();
  return (
    <Dialog open title={t('changePassword.title')} description={t('changePassword.description')} testId="change-password-dialog">
      <ChangePasswordForm
        className="flex flex-col gap-4"
        submitLabel={t('changePassword.submit')}
        submittingLabel={t('changePassword.submitting')}
        actions={(pending) => (
          <Button variant="ghost" onClick={() => void session.signOut('user')} disabled={pending}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('changePassword.signOut')}
          </Button>
        )}
      />
    </Dialog>
  );
}
