import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { allergy, json, medication, PATIENT_ID, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { MedicationsPage } from './medications-page';

const MEDICATIONS = `/api/medications/patient/${PATIENT_ID}`;
const ALLERGIES = `/api/patients/${PATIENT_ID}/allergies`;
const list = (data: unknown[]) => () => json({ data });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole views with several queries: slower than a unit test on a busy machine.
describe('medications view', { timeout: 20_000 }, () => {
  it('shows current and past medications with their details, and allergies beside them', async () => {
    stubRoutes({
      [MEDICATIONS]: list([
        medication({ instructions: 'Take with water' }),
        medication({
          name: 'Amoxicillin',
          status: 'discontinued',
          route: 'intravenous',
          endDate: '2025-07-01',
          prescriber: null,
        }),
      ]),
      [ALLERGIES]: list([allergy({ allergen: 'Peanuts', type: 'food', severity: 'moderate', reaction: null }), allergy()]),
    });
    renderPatientView(<MedicationsPage />);

    const current = screen.getByTestId('medications-current');
    const card = await within(current).findByText('Lisinopril');
    const details = card.closest('li') as HTMLElement;
    expect(within(details).getByText('10 mg')).toBeInTheDocument();
    expect(within(details).getByText('Once daily')).toBeInTheDocument();
    expect(within(details).getByText('By mouth')).toBeInTheDocument();
    expect(within(details).getByText('Dr. Maria Lopez')).toBeInTheDocument();
    expect(within(details).getByText('Jun 1, 2025')).toBeInTheDocument();
    expect(within(details).getByText('Instructions: Take with water')).toBeInTheDocument();

    const past = screen.getByTestId('medications-past');
    expect(within(past).getByText('Amoxicillin')).toBeInTheDocument();
    expect(within(past).getByText('Into a vein')).toBeInTheDocument();
    expect(within(past).getByText('Not recorded')).toBeInTheDocument();
    expect(within(current).queryByText('Amoxicillin')).not.toBeInTheDocument();

    const allergies = screen.getByTestId('allergies');
    const items = await within(allergies).findAllByTestId('allergy-item');
    // The severe one first.
    expect(items[0]).toHaveTextContent('Penicillin');
    expect(items[0]).toHaveTextContent('Medicine · Severe');
    expect(items[0]).toHaveTextContent('Reaction: Hives');
    expect(items[1]).toHaveTextContent('Food · Moderate');
  });

  it('names the prescriber in the reader’s order: in Chinese, family name first and unspaced, with the title', async () => {
    await i18next.changeLanguage('zh');
    try {
      stubRoutes({
        [MEDICATIONS]: list([medication({ prescriber: { firstName: '伟', lastName: '王' } })]),
        [ALLERGIES]: list([]),
      });
      renderPatientView(<MedicationsPage />);
      const current = await screen.findByTestId('medications-current');
      expect(await within(current).findByText('王伟 医生')).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows catalogue drugs and allergens in the reader’s language, and what was typed by hand as written', async () => {
    await i18next.changeLanguage('zh');
    try {
      stubRoutes({
        [MEDICATIONS]: list([
          medication({ name: 'Metformin 500 mg oral tablet', drugCode: 'metformin', strength: '500 mg' }),
          medication({ name: 'Albuterol 90 mcg/actuation inhaler', drugCode: 'albuterol', strength: '90 mcg/actuation' }),
          medication({ name: 'Aspirin 81 mg chewable tablet', drugCode: null, strength: null }),
        ]),
        [ALLERGIES]: list([allergy({ allergen: 'Peanuts', code: 'peanuts' }), allergy({ allergen: 'Cat dander', code: null })]),
      });
      renderPatientView(<MedicationsPage />);
      const current = await screen.findByTestId('medications-current');
      expect(await within(current).findByText('二甲双胍 500 mg 口服片')).toBeInTheDocument();
      expect(within(current).getByText('沙丁胺醇 90 µg/揿 吸入剂')).toBeInTheDocument();
      expect(within(current).getByText('Aspirin 81 mg chewable tablet')).toBeInTheDocument();
      expect(within(current).queryByText('Metformin 500 mg oral tablet')).not.toBeInTheDocument();
      const allergies = screen.getByTestId('allergies');
      expect(await within(allergies).findByText('花生')).toBeInTheDocument();
      expect(within(allergies).getByText('Cat dander')).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says when there are no medications and no allergies', async () => {
    stubRoutes({ [MEDICATIONS]: list([]), [ALLERGIES]: list([]) });
    renderPatientView(<MedicationsPage />);
    expect(await screen.findByText('You have no current medications.')).toBeInTheDocument();
    expect(screen.getByText('You have no past medications.')).toBeInTheDocument();
    expect(await screen.findByText('No allergies are recorded.')).toBeInTheDocument();
  });

  it('keeps the medications when allergies fail, and retries the allergies alone', async () => {
    let up = false;
    const asked = stubRoutes({
      [MEDICATIONS]: list([medication()]),
      [ALLERGIES]: () => (up ? json({ data: [allergy()] }) : json({}, 500)),
    });
    const user = userEvent.setup();
    renderPatientView(<MedicationsPage />);
    expect(await screen.findByText('Lisinopril')).toBeInTheDocument();
    const allergies = screen.getByTestId('allergies');
    expect(await within(allergies).findByRole('alert')).toHaveTextContent('Your allergies could not be loaded.');
    up = true;
    await user.click(within(allergies).getByRole('button', { name: 'Try Again' }));
    expect(await within(allergies).findByText('Penicillin')).toBeInTheDocument();
    expect(asked.filter((url) => url === MEDICATIONS)).toHaveLength(1);
  });
});
