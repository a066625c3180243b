import { expect, test } from './fixtures';
import { signIn } from './identity-helpers';

// The front desk registers a walk-in patient: the demo reception account fills in the patient's
// details (no password: the patient gets an invitation), sees the patient registered and the
// invitation sent; a second registration with the same name and date of birth is stopped by the
// warning that the person may already be registered.

const STAFF = { email: 'staff@caredeck.demo', password: 'Front-Counter#2026' };

async function fillIn(
  page: import('@playwright/test').Page,
  person: { firstName: string; lastName: string; email: string; phone: string },
) {
  const form = page.locator('#walk-in-form');
  await form.getByLabel('First Name').fill(person.firstName);
  await form.getByLabel('Last Name').fill(person.lastName);
  const born = form.getByRole('group', { name: 'Date of Birth' });
  await born.getByLabel('Year').fill('1984');
  await born.getByLabel('Month').fill('03');
  await born.getByLabel('Day').fill('09');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Phone Number').fill(person.phone);
  await form.getByLabel('Country or Region').selectOption('GB');
  await form.getByLabel('Street Address').fill('12 Market Street');
  await form.getByLabel('City').fill('Leeds');
  await form.getByLabel('Postal Code').fill('LS1 6AB');
}

test('the desk registers a walk-in patient, and a second registration of the same person is warned about', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const person = {
    firstName: 'Noor',
    lastName: `Walkin${tag}`,
    email: `noor.${tag}@walk-in.example.org`,
    phone: `+44 113 496 ${String(Date.now()).slice(-4)}`,
  };

  await signIn(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/staff-portal$/);
  const panel = page.getByTestId('walk-in-registration');
  await panel.getByTestId('walk-in-toggle').click();
  await fillIn(page, person);
  await panel.getByTestId('walk-in-submit').click();
  const created = panel.getByTestId('walk-in-created');
  await expect(created).toContainText(`Noor ${person.lastName} is registered.`);
  await expect(created).toContainText(`Invitation sent to ${person.email}`);

  // The same name and date of birth again, with another address and phone: the desk is warned.
  await panel.getByTestId('walk-in-toggle').click();
  await fillIn(page, { ...person, email: `noor.again.${tag}@walk-in.example.org`, phone: '+44 113 496 0000' });
  await panel.getByTestId('walk-in-submit').click();
  const warning = panel.getByTestId('walk-in-duplicates');
  await expect(warning).toContainText(`Possible existing patient: Noor ${person.lastName}, born March 9, 1984`);
  await expect(warning).toContainText('same name and date of birth');
  await expect(panel.getByTestId('walk-in-submit')).toHaveText('Create anyway');
  await expect(created).toBeHidden();
});
