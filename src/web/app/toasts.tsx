import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
// The toasts' rules, as a file that comes with this chunk: the library would otherwise add them as
// an inline <style>, which the content security policy refuses (vite.config.ts removes that; ADR 023).
import 'sonner/dist/styles.css';
import { useTheme } from '../lib/theme-context';
import { HEADER_HEIGHT_VARIABLE } from './shell/header-height';

/**
 * The toasts' region, in the theme and reading direction of the page. Its name and the close
 * button's are the person's language: the library's own are English. Loaded after the first
 * paint: sonner shows on mount what was raised before.
 */
export function Toasts() {
  const { theme } = useTheme();
  const { t, i18n } = useTranslation('common');
  // Below the header (its height is kept in a CSS variable by the layout showing it), never over its controls.
  const below = { top: `calc(var(${HEADER_HEIGHT_VARIABLE}, 4.5rem) + 0.5rem)` };
  return (
    <Toaster
      theme={theme}
      dir={i18n.dir()}
      position="top-right"
      offset={below}
      mobileOffset={below}
      richColors
      closeButton
      duration={5000}
      customAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
