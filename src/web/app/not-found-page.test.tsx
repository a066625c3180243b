import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contracts/languages';
import { i18next, initI18n } from '../lib/i18n';
import { renderWithSession, sessionUser } from '../lib/session/testing';
import { NotFoundPage } from './not-found-page';

// An address that is no page: a translated "not found" with a way home, in every language.

const common = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'locales', language, 'common.json'), 'utf8')) as {
    goHome: string;
    notFound: { title: string; body: string };
    comingSoon: { title: string };
  };

function renderAt(signedIn: boolean) {
  return renderWithSession(
    <MemoryRouter initialEntries={['/no-such-page']}>
      <NotFoundPage />
    </MemoryRouter>,
    { user: signedIn ? sessionUser({ role: 'doctor' }) : null, queryClient: new QueryClient(), toaster: false },
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('NotFoundPage', () => {
  it.each(SUPPORTED_LANGUAGES)('says the page was not found, in %s, and leads home', async (language) => {
    await i18next.changeLanguage(language);
    renderAt(false);
    const texts = common(language);
    expect(screen.getByRole('heading', { level: 1, name: texts.notFound.title })).toBeInTheDocument();
    expect(screen.getByText(texts.notFound.body)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.goHome })).toHaveAttribute('href', '/');
    expect(texts.notFound.title).not.toBe(texts.comingSoon.title);
    if (language !== 'en') {
      expect(texts.notFound.title).not.toBe(common('en').notFound.title);
      expect(texts.notFound.body).not.toBe(common('en').notFound.body);
    }
  });

  it('leads a signed-in user home to their portal', () => {
    renderAt(true);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/doctor-portal');
  });
});
