import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Doctor } from '../../../../contracts/doctors';
import { i18next, initI18n } from '../../../lib/i18n';
import { DoctorCard, DoctorGrid } from './doctor-card';

// Every formatting rule of the doctor card (docs/product.md, Landing page), one by one.

const base: Doctor = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  firstName: 'Amara',
  lastName: 'Okafor',
  specialty: 'Cardiology',
  hospital: 'Northside Medical Center',
  experience: 14,
  rating: 4.75,
  reviewCount: 212,
  consultationFee: '180',
  qualifications: ['MD', 'Board Certified in Cardiology', 'Fellowship in Cardiology', 'MPH'],
  bio: 'Dr. Amara Okafor has practised cardiology for 14 years.',
  avatar: null,
  verified: true,
  languages: ['English', 'French'],
  telemedicineEnabled: true,
};

function renderCard(overrides: Partial<Doctor> = {}) {
  return render(<DoctorCard doctor={{ ...base, ...overrides }} />);
}

beforeAll(async () => {
  await initI18n('en');
});

describe('DoctorCard', () => {
  it('shows name, specialty, hospital, years of experience and review count', () => {
    renderCard();
    const card = screen.getByTestId('doctor-card');
    expect(within(card).getByRole('heading', { name: /Dr\. Amara Okafor/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('Cardiology');
    expect(card).toHaveTextContent('Northside Medical Center');
    expect(card).toHaveTextContent('14 years of experience');
    expect(card).toHaveTextContent('(212 reviews)');
  });

  it('writes a Chinese name family name first without a space in Chinese, and a Latin one in its own order', async () => {
    await i18next.changeLanguage('zh');
    try {
      renderCard({ firstName: '伟', lastName: '王' });
      renderCard({ id: 'b' });
      const [chinese, latin] = screen.getAllByTestId('doctor-card');
      expect(within(chinese!).getByRole('heading', { name: /^王伟 医生/ })).toBeInTheDocument();
      expect(within(latin!).getByRole('heading', { name: /^Amara Okafor 医生/ })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows the rating to 1 decimal, 0.0 when there is none, and a rating sent as a string', () => {
    renderCard({ rating: 4.75 });
    expect(screen.getByTestId('doctor-rating')).toHaveTextContent(/^4\.8$/);
    renderCard({ id: 'b', rating: null });
    expect(screen.getAllByTestId('doctor-rating')[1]).toHaveTextContent(/^0\.0$/);
    renderCard({ id: 'c', rating: '4' as unknown as number });
    expect(screen.getAllByTestId('doctor-rating')[2]).toHaveTextContent(/^4\.0$/);
  });

  it('shows the fee with $ and 2 decimals, $0.00 when missing', () => {
    renderCard({ consultationFee: '180' });
    expect(screen.getByTestId('doctor-fee')).toHaveTextContent(/^\$180\.00$/);
    renderCard({ id: 'b', consultationFee: null });
    expect(screen.getAllByTestId('doctor-fee')[1]).toHaveTextContent(/^\$0\.00$/);
    renderCard({ id: 'c', consultationFee: '99.5' });
    expect(screen.getAllByTestId('doctor-fee')[2]).toHaveTextContent(/^\$99\.50$/);
  });

  it('formats the fee and rating the way the reader’s language does', async () => {
    await i18next.changeLanguage('de');
    try {
      renderCard({ consultationFee: '1250.5', rating: 4.25 });
      const fee = screen.getByTestId('doctor-fee').textContent ?? '';
      expect(fee.replace(/\s/g, ' ')).toBe('1.250,50 $');
      expect(screen.getByTestId('doctor-rating')).toHaveTextContent(/^4,3$/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows at most 2 qualifications, then "+N more"', () => {
    renderCard();
    const list = screen.getByTestId('doctor-qualifications');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MD', 'Board Certified in Cardiology', '+2 more']);
  });

  it('shows no "+N more" with 2 qualifications or fewer, and no list with none', () => {
    renderCard({ qualifications: ['MD', 'PhD'] });
    expect(screen.queryByTestId('doctor-more-qualifications')).toBeNull();
    expect(within(screen.getByTestId('doctor-qualifications')).getAllByRole('listitem')).toHaveLength(2);
    renderCard({ id: 'b', qualifications: [] });
    expect(screen.getAllByTestId('doctor-card')[1]!.querySelector('[data-testid="doctor-qualifications"]')).toBeNull();
  });

  it('clamps the bio to 3 lines', () => {
    renderCard();
    expect(screen.getByTestId('doctor-bio')).toHaveClass('line-clamp-3');
  });

  it('shows the verified mark only for a verified doctor', () => {
    renderCard();
    expect(screen.getByRole('img', { name: 'Verified doctor' })).toBeInTheDocument();
    renderCard({ id: 'b', verified: false, firstName: 'Lukas', lastName: 'Brandt' });
    expect(screen.getAllByRole('img', { name: 'Verified doctor' })).toHaveLength(1);
  });

  it('shows the avatar, and the initials on a coloured circle when it fails to load', () => {
    renderCard({ avatar: '/avatars/okafor.webp' });
    const image = screen.getByRole('img', { name: 'Dr. Amara Okafor' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const initials = screen.getByTestId('avatar-initials');
    expect(initials).toHaveTextContent('AO');
    expect(initials.className).toMatch(/\bbg-[a-z]+-700\b/);
    expect(initials).toHaveAccessibleName('Dr. Amara Okafor');
  });

  it('shows initials when there is no avatar, with D and R for missing name parts', () => {
    renderCard({ avatar: null });
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('AO');
    renderCard({ id: 'b', firstName: '', lastName: '' });
    expect(screen.getAllByTestId('avatar-initials')[1]).toHaveTextContent('DR');
  });
});

describe('DoctorGrid', () => {
  it('lays the cards out in 1, 2 or 3 columns by width', () => {
    render(<DoctorGrid doctors={[base, { ...base, id: 'second' }]} />);
    const grid = screen.getByTestId('doctor-grid');
    expect(grid).toHaveClass('grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
    expect(within(grid).getAllByTestId('doctor-card')).toHaveLength(2);
  });
});
