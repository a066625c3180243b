import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ComingSoonPage } from './coming-soon-page';

beforeAll(async () => {
  await initI18n('en');
});

describe('ComingSoonPage', () => {
  it('says the feature is coming soon and links home', () => {
    render(
      <MemoryRouter initialEntries={['/parking']}>
        <ComingSoonPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This feature is coming soon!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});
