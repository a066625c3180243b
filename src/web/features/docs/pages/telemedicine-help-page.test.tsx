import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n, loadTexts } from '../../../lib/i18n';
import { TelemedicineHelpPage } from './telemedicine-help-page';

// The in-app help for video visits (docs/telemedicine), in the reader's language.

beforeAll(async () => {
  await initI18n('en');
  await loadTexts(['video']);
});

describe('telemedicine help', () => {
  it('explains joining, the device check and what to do when the camera is not allowed', () => {
    render(<TelemedicineHelpPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Video visits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Joining' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Checking your camera and microphone' })).toBeInTheDocument();
    expect(screen.getByText('The browser is not allowed to use the camera')).toBeInTheDocument();
  });

  it('reads in Spanish for a Spanish reader', async () => {
    await i18next.changeLanguage('es');
    try {
      render(<TelemedicineHelpPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'Videoconsultas' })).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
