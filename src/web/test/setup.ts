import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearFormBackups } from '../lib/forms/form-backup';

// findBy*/waitFor give up after 1 s by default; loading a language's texts or a lazy chunk can take
// longer on a shared 2-core machine. What is awaited is unchanged, only how patiently.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // A form's backup of what was typed lives in memory; each test starts without one.
  clearFormBackups();
});
