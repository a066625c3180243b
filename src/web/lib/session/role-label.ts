import type { TFunction } from 'i18next';
import type { SessionUser } from '../../../contracts/user';

/** Staff show their position in place of the role. */
export function roleLabel(t: TFunction, user: Pick<SessionUser, 'role' | 'position'>): string {
  if (user.role === 'staff' && user.position) return t(`shell:positions.${user.position}`, { defaultValue: user.position });
  return t(`shell:roles.${user.role}`);
}
