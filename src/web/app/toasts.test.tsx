import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../lib/i18n';
import { ThemeProvider } from '../lib/theme-context';
import { setUpComponentTests } from '../test/component-tests';
import { Toasts } from './toasts';

// The toasts' region and their close button are named in the person's language, not the library's English.

setUpComponentTests();

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

describe('toasts', () => {
  it.each([
    ['en', 'Notifications (Alt+T)', 'Close notification'],
    ['ar', 'الإشعارات (Alt+T)', 'إغلاق الإشعار'],
    ['zh', '通知 (Alt+T)', '关闭通知'],
  ])('in %s, names the region "%s" and the close button "%s"', async (language, region, close) => {
    await act(async () => {
      await i18next.changeLanguage(language);
    });
    render(
      <ThemeProvider>
        <Toasts />
      </ThemeProvider>,
    );
    act(() => {
      toast('Saved');
    });
    expect(await screen.findByRole('region', { name: region })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: close })).toBeInTheDocument();
  });
});
