import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { clearFormBackups } from '../lib/forms/form-backup';

// findBy*/waitFor give up after 1 s by default; loading a language's texts or a lazy chunk can take
// longer on a shared 2-core machine. What is awaited is unchanged, only how patiently.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A form's backup of what was typed lives in memory; each test starts without one.
  clearFormBackups();
  // Sonner keeps its toasts in the module and shows those still active to the next Toaster.
  toast.dismiss();
});

// The web test files of one worker share their modules and their page (vitest.config.ts). Each file
// leaves them as it found them: real timers, English texts (a file that read another language
// leaves i18next on it), and a document with no language, direction, theme or title of its own.
afterAll(async () => {
  vi.useRealTimers();
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  document.title = '';
  sessionStorage.clear();
});
