import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser } from '../../../../contracts/user-admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { usePersonName } from '../../../lib/person-name';
import { useSetUserStatus } from '../api/users';
import { refusalReason } from '../lib/refusal-reason';

/** Confirms a deactivation (sessions end at once) or a reactivation before it is sent. */
export function StatusDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const { t } = useTranslation('user-admin');
  const mutation = useSetUserStatus();
  const nameOf = usePersonName();
  if (!user) return null;
  const deactivating = user.isActive;
  const name = nameOf(user);

  const confirm = async () => {
    try {
      await mutation.mutateAsync({ user, active: !deactivating });
      toast.success(t(deactivating ? 'confirm.deactivated' : 'confirm.reactivated', { name }));
      mutation.reset();
      onClose();
    } catch {
      // Shown in the dialog below.
    }
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      title={t(deactivating ? 'confirm.deactivateTitle' : 'confirm.reactivateTitle', { name })}
      description={t(deactivating ? 'confirm.deactivateBody' : 'confirm.reactivateBody', { name })}
      size="md"
      testId="status-dialog"
    >
      {mutation.error ? <FormAlert>{t('confirm.failed', { reason: refusalReason(t, mutation.error) })}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          {t('confirm.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          className={deactivating ? '!bg-red-700 hover:!bg-red-800' : ''}
        >
          {mutation.isPending ? t('confirm.working') : t(deactivating ? 'confirm.deactivate' : 'confirm.reactivate')}
        </Button>
      </div>
    </Dialog>
  );
}
