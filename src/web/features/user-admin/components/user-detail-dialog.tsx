import { usePersonName } from '../../../lib/person-name';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  STAFF_POSITIONS,
  type Permission,
  type StaffPosition,
} from '../../../../contracts/permissions';
import { ROLES, type Role } from '../../../../contracts/roles';
import type { AdminUser } from '../../../../contracts/user-admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isCalendarDate, isInDateWindow } from '../../../../contracts/dates';
import { DateField } from '../../../components/form/date-field';
import { FormAlert } from '../../../components/ui/field';
import { useChangeRole, userPermissionsQuery, useSavePermissions, type UserPermissions } from '../api/users';
import { refusalReason } from '../lib/refusal-reason';
import { changeCount, changesBetween, effectiveOf, selectionOf, templateSelection, type Selection } from '../lib/pending-permissions';
import { SelectField } from './select-field';
import { ViewAsPanel } from './view-as-panel';

/** A user's role, and for staff their permissions by category with optional expiry, with "View as". */
export function UserDetailDialog({ user, currentUserId, onClose }: { user: AdminUser | null; currentUserId: string; onClose(): void }) {
  const { t } = useTranslation('user-admin');
  const nameOf = usePersonName();
  if (!user) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('detail.title', { name: nameOf(user) })}
      description={user.email}
      size="lg"
      testId="user-detail"
    >
      <UserDetail key={user.id} user={user} isSelf={user.id === currentUserId} />
    </Dialog>
  );
}

function UserDetail({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation(['user-admin', 'shell']);
  const nameOf = usePersonName();
  const [role, setRole] = useState<Role>(user.role);
  const changeRole = useChangeRole();
  const isStaff = user.role === 'staff';
  // The server keeps patients patients, and no one else becomes one (their record is theirs).
  const isPatient = user.role === 'patient';
  const roleLocked = isSelf || isPatient;
  const roleOptions = ROLES.filter((value) => value !== 'patient' || isPatient);
  const permissions = useQuery(userPermissionsQuery(user.id, isStaff));

  const saveRole = async () => {
    try {
      await changeRole.mutateAsync({ userId: user.id, role });
      toast.success(t('detail.roleSaved', { role: t(`shell:roles.${role}`) }));
    } catch {
      // Shown below.
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="detail-role" className="flex flex-col gap-2">
        <h3 id="detail-role" className="sr-only">
          {t('detail.role')}
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <SelectField
              label={t('detail.role')}
              value={role}
              disabled={roleLocked}
              hint={isSelf ? t('detail.ownRole') : isPatient ? t('detail.patientRole') : undefined}
              onChange={(event) => setRole(event.target.value as Role)}
              options={roleOptions.map((value) => ({ value, label: t(`shell:roles.${value}`) }))}
            />
          </div>
          <Button variant="secondary" onClick={() => void saveRole()} disabled={roleLocked || role === user.role || changeRole.isPending}>
            {t('detail.saveRole')}
          </Button>
        </div>
        {changeRole.error ? <FormAlert>{t('detail.roleFailed', { reason: refusalReason(t, changeRole.error) })}</FormAlert> : null}
      </section>

      {!isStaff ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('detail.notStaff')}</p>
          <ViewAsPanel name={nameOf(user)} role={role} savedRole={user.role} effective={new Set()} savedEffective={new Set()} />
        </>
      ) : permissions.isPending ? (
        <p role="status" className="text-sm">
          {t('detail.loading')}
        </p>
      ) : permissions.isError ? (
        <FormAlert>
          {t('detail.loadFailed')}{' '}
          <button type="button" className="underline" onClick={() => void permissions.refetch()}>
            {t('retry')}
          </button>
        </FormAlert>
      ) : (
        <PermissionEditor user={user} role={role} data={permissions.data} />
      )}
    </div>
  );
}

function PermissionEditor({ user, role, data }: { user: AdminUser; role: Role; data: UserPermissions }) {
  const { t } = useTranslation(['user-admin', 'shell', 'validation']);
  const nameOf = usePersonName();
  const saved = useMemo(() => selectionOf(data), [data]);
  const [selection, setSelection] = useState<Selection>(saved);
  const [position, setPosition] = useState<StaffPosition | ''>((user.position as StaffPosition | null) ?? '');
  const [template, setTemplate] = useState<StaffPosition | undefined>(undefined);
  const save = useSavePermissions(user.id);

  const changes = changesBetween(saved, selection, template);
  const pending = changeCount(changes);
  const effective = effectiveOf(selection);
  const savedEffective = new Set(data.effectivePermissions);
  // An expiry is a whole day between 1900 and 2200 or none: half a date is said beside it and not saved.
  const expiryError = (date: string) =>
    !date ? undefined : !isCalendarDate(date) ? 'date.invalid' : !isInDateWindow(date) ? 'date.outOfRange' : undefined;
  const unreadable = [...selection.values()].some((date) => expiryError(date) !== undefined);

  const toggle = (permission: Permission, on: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      if (on) next.set(permission, current.get(permission) ?? '');
      else next.delete(permission);
      return next;
    });
  const setExpiry = (permission: Permission, date: string) => setSelection((current) => new Map(current).set(permission, date));

  const applyTemplate = () => {
    if (!position) return;
    setTemplate(position);
    setSelection(templateSelection(position));
  };

  const discard = () => {
    setSelection(saved);
    setTemplate(undefined);
    save.reset();
  };

  const submit = async () => {
    try {
      await save.mutateAsync(changes);
      toast.success(t('detail.saved'));
      setTemplate(undefined);
    } catch {
      // Shown below; the permissions are reloaded to show what was saved.
    }
  };

  return (
    <>
      <section aria-labelledby="detail-permissions" className="flex flex-col gap-3">
        <h3 id="detail-permissions" className="font-semibold">
          {t('detail.permissions')}
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-48 flex-1">
            <SelectField
              label={t('detail.position')}
              hint={t('detail.templateHint')}
              value={position}
              onChange={(event) => setPosition(event.target.value as StaffPosition | '')}
              options={[
                { value: '', label: t('detail.noPosition') },
                ...STAFF_POSITIONS.map((value) => ({ value, label: t(`shell:positions.${value}`) })),
              ]}
            />
          </div>
          <Button variant="secondary" onClick={applyTemplate} disabled={!position}>
            {t('detail.applyTemplate')}
          </Button>
        </div>
        {PERMISSION_CATEGORIES.map((category) => (
          <fieldset key={category} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">{t(`categories.${category}`)}</legend>
            <ul className="flex flex-col gap-2">
              {PERMISSION_CATALOGUE[category].map((permission) => {
                const checked = selection.has(permission);
                const date = selection.get(permission) ?? '';
                const expired = checked && !effective.has(permission);
                return (
                  <li key={permission} className="flex flex-wrap items-center justify-between gap-2">
                    <label className="flex items-center gap-2 font-mono text-sm">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={checked}
                        onChange={(event) => toggle(permission, event.target.checked)}
                      />
                      {permission}
                      {expired ? <span className="font-sans text-xs text-red-700 dark:text-red-400">({t('detail.expired')})</span> : null}
                    </label>
                    {checked ? (
                      <DateField
                        name={`expiry.${permission}`}
                        label={t('detail.expiresFor', { permission })}
                        hideLabel
                        value={date}
                        onChange={(value) => setExpiry(permission, value)}
                        error={expiryError(date) ? t(`validation:${expiryError(date)}`) : undefined}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </section>

      <ViewAsPanel name={nameOf(user)} role={role} savedRole={user.role} effective={effective} savedEffective={savedEffective} />

      {save.error ? <FormAlert>{t('detail.saveFailed', { reason: refusalReason(t, save.error) })}</FormAlert> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="me-auto text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {pending > 0 ? t('detail.unsaved', { count: pending }) : null}
        </span>
        <Button variant="secondary" onClick={discard} disabled={pending === 0 || save.isPending}>
          {t('detail.reset')}
        </Button>
        <Button onClick={() => void submit()} disabled={pending === 0 || save.isPending || unreadable} aria-busy={save.isPending}>
          {save.isPending ? t('detail.saving') : t('detail.save')}
        </Button>
      </div>
    </>
  );
}
