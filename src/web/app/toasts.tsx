import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme-context';

/** Where toasts appear. Loaded after the first paint: sonner shows on mount what was raised before. */
export function Toasts() {
  const { theme } = useTheme();
  const { i18n } = useTranslation();
  return <Toaster theme={theme} dir={i18n.dir()} position="top-right" richColors closeButton duration={5000} />;
}
