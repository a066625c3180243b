import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme-context';

/**
 * The toasts' region, in the theme and reading direction of the page. Its name and the close
 * button's are the person's language: the library's own are English. Loaded after the first
 * paint: sonner shows on mount what was raised before.
 */
export function Toasts() {
  const { theme } = useTheme();
  const { t, i18n } = useTranslation('common');
  return (
    <Toaster
      theme={theme}
      dir={i18n.dir()}
      position="top-right"
      richColors
      closeButton
      duration={5000}
      customAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
