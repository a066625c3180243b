import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientUser, renderPatientView } from '../../lib/clinical/testing';
import { initI18n } from '../../lib/i18n';
import { UserMenu } from './user-menu';

// The header's account menu. Below 1024 px its button shows only the initials, so the open menu
// names its owner and, for staff, their position; arrows move over the items and never onto that.

beforeAll(async () => {
  await initI18n('en');
});

describe('the account menu', () => {
  it('names its owner and a staff member’s position above the items, which the keyboard reaches first', async () => {
    const staff = patientUser({ role: 'staff', firstName: 'Emily', lastName: 'Rodriguez', name: 'Emily Rodriguez', position: 'reception' });
    const user = userEvent.setup();
    renderPatientView(<UserMenu user={staff} />, { user: staff });

    const button = screen.getByTestId('user-menu');
    expect(button).toHaveAccessibleName('Account menu: Emily Rodriguez, Reception');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByTestId('user-menu-heading-role')).toHaveTextContent('Reception');
    expect(menu).toHaveTextContent(/^Emily RodriguezReception/);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile Settings', 'Preferences', 'Sign Out']);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
  });
});
