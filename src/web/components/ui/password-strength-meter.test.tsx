import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { PasswordStrengthMeter } from './password-strength-meter';

beforeAll(async () => {
  await initI18n('en');
});

// 8+ characters, lowercase, uppercase, digit, special character; up to 2 Weak, 3 Fair, 4 Good, 5 Strong.
describe('PasswordStrengthMeter', () => {
  it.each([
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['abcdefg1', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Abcdefg1!', 5, 'Strong'],
    ['Ab1!', 4, 'Good'],
  ])('%s scores %i of 5: %s', (password, score, label) => {
    render(<PasswordStrengthMeter password={password} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', String(score));
    expect(meter).toHaveAttribute('aria-valuetext', label);
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent(label);
  });

  it('shows the advice, and no label before anything is typed', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.getByText(/Use 8 or more characters/)).toBeVisible();
    expect(screen.queryByTestId('password-strength-label')).toBeNull();
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
  });
});
