import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientChart } from '../../../../contracts/health-records';
import type { PatientDetail } from '../../../../contracts/patient-directory';
import { allergy, appointment, json, PATIENT_ID, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { ageOn, DemographicsPage } from './demographics-page';
import { ImmunizationsPage } from './immunizations-page';
import { MedicalHistoryPage } from './medical-history-page';
import { ProblemsPage } from './problems-page';
import { VisitNotesPage } from './visit-notes-page';

// The patient's read-only problems, immunizations, medical history, visit
// summaries and demographics, each from one request, with its loading, empty and error states.

const CHART = `/api/patients/${PATIENT_ID}/complete`;
const DETAIL = `/api/patients/${PATIENT_ID}`;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function chart(overrides: Partial<PatientChart> = {}): PatientChart {
  return {
    patient: {
      id: PATIENT_ID,
      firstName: 'Ann',
      lastName: 'Patient',
      name: 'Ann Patient',
      email: 'ann.patient@example.org',
      phone: null,
      dateOfBirth: '1980-05-04',
      gender: 'female',
      medicalRecordNumber: 'MRN000001',
    },
    allergies: [],
    medications: [],
    problems: [],
    immunizations: [],
    medicalHistory: [],
    familyHistory: [],
    latestVitals: [],
    labResults: [],
    appointments: [],
    visitSummaries: [],
    documents: [],
    ...overrides,
  };
}

const id = () => crypto.randomUUID();

describe('patient chart views', { timeout: 20_000 }, () => {
  it('lists active problems apart from resolved ones, with ICD-10 code, dates and status in words', async () => {
    stubRoutes({
      [CHART]: () =>
        json({
          data: chart({
            problems: [
              {
                id: id(),
                icd10Code: 'J45.909',
                description: 'Asthma',
                status: 'resolved',
                onsetDate: '2001-03-02',
                resolvedDate: '2015-07-01',
              },
              {
                id: id(),
                icd10Code: 'E11.9',
                description: 'Type 2 diabetes',
                status: 'active',
                onsetDate: '2019-06-10',
                resolvedDate: null,
              },
            ],
          }),
        }),
    });
    renderPatientView(<ProblemsPage />);
    const active = await screen.findByTestId('active-problems');
    expect(within(active).getByRole('heading', { name: 'Active problems' })).toBeInTheDocument();
    const diabetes = within(active).getByTestId('problem');
    expect(diabetes).toHaveTextContent('Type 2 diabetes');
    expect(diabetes).toHaveTextContent('ICD-10 code:E11.9');
    expect(diabetes).toHaveTextContent('Onset:Jun 10, 2019');
    expect(within(diabetes).getByText('Active')).toBeInTheDocument();
    const past = screen.getByTestId('past-problems');
    expect(within(past).getByTestId('problem')).toHaveTextContent('Resolved:Jul 1, 2015');
    expect(within(past).getByText('Resolved', { selector: 'span' })).toBeInTheDocument();
  });

  it('says so when there are no problems, and offers a retry when the chart fails', async () => {
    let fail = true;
    stubRoutes({ [CHART]: () => (fail ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) : json({ data: chart() })) });
    renderPatientView(<ProblemsPage />);
    expect(await screen.findByText('Your problem list could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You have no active problems recorded.')).toBeInTheDocument();
    expect(screen.getByText('You have no resolved or inactive problems recorded.')).toBeInTheDocument();
  });

  it('groups immunizations by vaccine, the latest dose first, with CVX code, dose number and lot', async () => {
    stubRoutes({
      [CHART]: () =>
        json({
          data: chart({
            immunizations: [
              { id: id(), cvxCode: '08', name: 'Hepatitis B', administeredOn: '1990-01-10', doseNumber: 1, lotNumber: 'HB-1' },
              { id: id(), cvxCode: '141', name: 'Influenza', administeredOn: '2025-10-01', doseNumber: null, lotNumber: null },
              { id: id(), cvxCode: '08', name: 'Hepatitis B', administeredOn: '1990-03-10', doseNumber: 2, lotNumber: 'HB-2' },
            ],
          }),
        }),
    });
    renderPatientView(<ImmunizationsPage />);
    const vaccines = await screen.findAllByTestId('vaccine');
    expect(vaccines.map((v) => within(v).getByRole('heading').textContent)).toEqual(['Influenza', 'Hepatitis B']);
    const hepB = vaccines[1] as HTMLElement;
    expect(hepB).toHaveTextContent('CVX code:08');
    const doses = within(hepB).getAllByTestId('dose');
    expect(doses.map((row) => row.textContent)).toEqual(['Mar 10, 19902HB-2', 'Jan 10, 19901HB-1']);
    expect(within(vaccines[0] as HTMLElement).getAllByText('Not recorded')).toHaveLength(2);
  });

  it('shows allergies, each history category and family history, each with its own empty state', async () => {
    stubRoutes({
      [CHART]: () =>
        json({
          data: chart({
            allergies: [allergy({ allergen: 'Penicillin', reaction: 'Hives' })],
            medicalHistory: [
              { id: id(), category: 'surgery', description: 'Appendectomy', occurredOn: '2010-08-15', notes: 'Laparoscopic' },
            ],
            familyHistory: [{ id: id(), relationship: 'Mother', condition: 'Breast cancer', icd10Code: 'C50.9', onsetAge: 52 }],
          }),
        }),
    });
    renderPatientView(<MedicalHistoryPage />);
    const allergies = await screen.findByTestId('allergies');
    expect(within(allergies).getByTestId('allergy')).toHaveTextContent('Penicillin');
    expect(within(allergies).getByTestId('allergy')).toHaveTextContent('Severity:Severe');
    expect(within(screen.getByTestId('history-surgery')).getByTestId('history-entry')).toHaveTextContent('Appendectomy');
    expect(within(screen.getByTestId('history-condition')).getByText('No past conditions have been recorded.')).toBeInTheDocument();
    expect(within(screen.getByTestId('history-hospitalisation')).getByText('No hospital stays have been recorded.')).toBeInTheDocument();
    const family = within(screen.getByTestId('family-history')).getByTestId('family-entry');
    expect(family).toHaveTextContent('Breast cancer');
    expect(family).toHaveTextContent('Relative:Mother');
    expect(family).toHaveTextContent('Age at onset:52 years');
  });

  it('lists completed visits only, newest first, each saying honestly that no summary is written yet', async () => {
    stubRoutes({
      [CHART]: () =>
        json({
          data: chart({
            appointments: [
              appointment({ status: 'completed', startsAt: '2025-01-05T10:00:00.000Z', reason: 'Check-up' }),
              appointment({ status: 'scheduled', startsAt: '2030-01-05T10:00:00.000Z', reason: 'Future' }),
              appointment({ status: 'completed', startsAt: '2025-09-05T10:00:00.000Z', type: 'video', reason: 'Follow-up' }),
            ],
          }),
        }),
    });
    renderPatientView(<VisitNotesPage />);
    const visits = await screen.findAllByTestId('visit');
    expect(visits).toHaveLength(2);
    expect(visits[0]).toHaveTextContent('Reason:Follow-up');
    expect(visits[0]).toHaveTextContent('Type:Video visit');
    expect(visits[0]).toHaveTextContent('Doctor:Dr. Maria Lopez');
    expect(visits[0]).toHaveTextContent('Specialty:Cardiology');
    for (const visit of visits) expect(within(visit).getByText('No summary written yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Future/)).not.toBeInTheDocument();
  });

  it('shows the instructions the doctor released for a visit once its note is signed', async () => {
    const seen = appointment({ status: 'completed', startsAt: '2025-09-05T10:00:00.000Z', reason: 'Follow-up' });
    const other = appointment({ status: 'completed', startsAt: '2025-01-05T10:00:00.000Z', reason: 'Check-up' });
    stubRoutes({
      [CHART]: () =>
        json({
          data: chart({
            appointments: [seen, other],
            visitSummaries: [
              {
                appointmentId: seen.id,
                doctor: { id: id(), firstName: 'Maria', lastName: 'Lopez' },
                instructions: 'Walk 30 minutes a day.\nCome back in three months.',
                releasedAt: '2025-09-05T12:00:00.000Z',
              },
            ],
          }),
        }),
    });
    renderPatientView(<VisitNotesPage />);
    const visits = await screen.findAllByTestId('visit');
    const summary = within(visits[0]!).getByTestId('visit-summary');
    expect(summary).toHaveTextContent('Your doctor’s instructions');
    expect(summary).toHaveTextContent('Walk 30 minutes a day.');
    expect(summary).toHaveTextContent('Written by Dr. Maria Lopez');
    expect(within(visits[1]!).getByText('No summary written yet.')).toBeInTheDocument();
  });

  it('says when there are no completed visits', async () => {
    stubRoutes({ [CHART]: () => json({ data: chart({ appointments: [appointment({ status: 'scheduled' })] }) }) });
    renderPatientView(<VisitNotesPage />);
    expect(await screen.findByText('You have no completed visits yet.')).toBeInTheDocument();
  });
});

describe('demographics view', { timeout: 20_000 }, () => {
  const detail: PatientDetail = {
    id: PATIENT_ID,
    firstName: 'Ann',
    lastName: 'Patient',
    name: 'Ann Patient',
    email: 'ann.patient@example.org',
    phone: '+1 555 010 1010',
    dateOfBirth: '1980-05-04',
    gender: 'female',
    medicalRecordNumber: 'MRN000001',
    address: '1 Harbour Road, Bristol',
    maritalStatus: 'married',
    occupation: 'Teacher',
    insuranceProvider: 'Northwind Health',
    insurancePolicyNumber: 'NW-1',
    emergencyContact: { name: 'Omar Patient', phone: '+1 555 010 2020', relationship: 'Emergency Contact' },
    preferredLanguage: 'Spanish',
    country: 'DE',
    clinical: null,
  };

  it('shows the patient’s own fields read-only, translated, with a link to change them in settings', async () => {
    stubRoutes({ [DETAIL]: () => json({ data: detail }) });
    renderPatientView(<DemographicsPage />);
    expect(await screen.findByText('Ann Patient')).toBeInTheDocument();
    expect(screen.getByText(`May 4, 1980 (age ${ageOn('1980-05-04', new Date())})`)).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('Married')).toBeInTheDocument();
    expect(screen.getByText('Spanish')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('MRN000001')).toBeInTheDocument();
    expect(screen.getByText('Northwind Health')).toBeInTheDocument();
    expect(screen.getByText('Emergency Contact')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your details in profile settings' })).toHaveAttribute(
      'href',
      '/profile-settings#profile',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says what is not recorded, and offers a retry when it fails', async () => {
    let fail = true;
    stubRoutes({
      [DETAIL]: () =>
        fail
          ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
          : json({ data: { ...detail, emergencyContact: null, insuranceProvider: null, occupation: null } }),
    });
    renderPatientView(<DemographicsPage />);
    expect(await screen.findByText('Your personal details could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No emergency contact given yet.')).toBeInTheDocument();
    expect(screen.getAllByText('Not recorded').length).toBeGreaterThanOrEqual(2);
  });

  it('counts age in whole years', () => {
    expect(ageOn('1980-05-04', new Date(2026, 4, 3))).toBe(45);
    expect(ageOn('1980-05-04', new Date(2026, 4, 4))).toBe(46);
  });
});
