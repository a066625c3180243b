import { toast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import { resetCsrfToken } from '../lib/api-client';
import { initI18n } from '../lib/i18n';

/**
 * Component tests that replace fetch: English texts, and after each test no toast left over (Sonner
 * replays toasts that are still active to a new Toaster), fetch restored and the CSRF token forgotten.
 */
export function setUpComponentTests(): void {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    toast.dismiss();
    vi.unstubAllGlobals();
    resetCsrfToken();
  });
}
