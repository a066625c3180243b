import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n, SHELL_NAMESPACES } from './i18n';
import { lazyView } from './lazy-view';

// vitest: a module graph of its own
// (It checks which texts a fresh start has loaded, so it must not share i18next with other files.)

// The app starts with its frame's texts only; a view brings its own. Nothing on screen may show a
// key, in English or after a change of language (Arabic, right to left, included).

function VitalsTitle() {
  // Reads the view's namespace without asking the hook to load it: only lazyView makes this safe.
  const { t } = useTranslation('common');
  return <h1>{t('health:vitals.title')}</h1>;
}

beforeAll(async () => {
  await initI18n('en', SHELL_NAMESPACES);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyView', () => {
  it('starts with the frame texts only', () => {
    expect(i18next.hasLoadedNamespace('shell')).toBe(true);
    expect(i18next.hasLoadedNamespace('health')).toBe(false);
    expect(i18next.hasLoadedNamespace('settings')).toBe(false);
  });

  it("renders a view only once its namespaces are loaded, and a language change brings the view's texts along", async () => {
    const View = lazyView(() => Promise.resolve(VitalsTitle), ['health']);
    render(
      <Suspense fallback={<p>loading</p>}>
        <View />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Vital signs' })).toBeInTheDocument();
    expect(screen.queryByText('vitals.title')).toBeNull();

    await act(() => i18next.changeLanguage('ar'));
    expect(await screen.findByRole('heading', { name: 'العلامات الحيوية' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    // The frame's texts came along too.
    expect(i18next.hasLoadedNamespace('shell', { lng: 'ar' })).toBe(true);

    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Vital signs' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('says so loudly when a text is read from a namespace nobody loaded, and not for a missing key of a loaded one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18next.t('audit:title')).toBe('title');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('audit:title'));
    error.mockClear();
    expect(i18next.t('errors:codes.NO_SUCH_CODE', { defaultValue: '' })).toBe('');
    expect(error).not.toHaveBeenCalled();
  });
});
