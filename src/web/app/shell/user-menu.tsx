import { usePersonName } from '../../lib/person-name';
import { ChevronDown, LogOut, SlidersHorizontal, UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../contracts/user';
import { pathForView } from '../../../contracts/views';
import { Menu } from '../../components/ui/menu';
import { useSession } from '../../lib/session/use-session';
import { roleLabel } from '../../lib/session/role-label';

/** The header's user menu: Profile Settings and Preferences (both open profile-settings) and Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('shell');
  const nameOf = usePersonName();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const role = roleLabel(t, user);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

  return (
    <Menu
      testId="user-menu"
      triggerLabel={t('userMenu.label', { name: nameOf(user), role })}
      triggerClassName="flex items-center gap-2 rounded-lg px-2 py-1.5 text-start hover:bg-slate-100 dark:hover:bg-slate-800"
      trigger={
        <>
          <span
            className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
            aria-hidden="true"
          >
            {initials}
          </span>
          <span className="hidden flex-col leading-tight lg:flex">
            <span className="text-sm font-medium text-slate-900 dark:text-slate-100" data-testid="user-menu-name">
              {nameOf(user)}
            </span>
            <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="user-menu-role">
              {role}
            </span>
          </span>
          <ChevronDown className="hidden size-4 text-slate-600 lg:block dark:text-slate-400" aria-hidden="true" />
        </>
      }
      heading={
        // On a phone or a tablet the button shows only the initials: the menu names whom it belongs to.
        <span className="flex flex-col border-b border-slate-200 px-4 pt-1 pb-2 leading-tight lg:hidden dark:border-slate-700">
          <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{nameOf(user)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="user-menu-heading-role">
            {role}
          </span>
        </span>
      }
      items={[
        {
          key: 'profile',
          label: t('userMenu.profileSettings'),
          icon: UserCog,
          onSelect: () => void navigate(pathForView('profile-settings')),
        },
        {
          key: 'preferences',
          label: t('userMenu.preferences'),
          icon: SlidersHorizontal,
          // The same page, opened at its preferences section.
          onSelect: () => void navigate(`${pathForView('profile-settings')}#preferences`),
        },
        { key: 'sign-out', label: t('userMenu.signOut'), icon: LogOut, onSelect: () => void signOut('user') },
      ]}
    />
  );
}
