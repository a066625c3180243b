import { describe, expect, it } from 'vitest';
import { PROBLEM_CODE_LIST, VACCINE_CODE_LIST } from '../../../../contracts/clinical-catalogue';
import { SUPPORTED_LANGUAGES } from '../../../../contracts/languages';
import { i18next, initI18n } from '../../../lib/i18n';
import { problemWords, vaccineWords } from './codes';

// Every problem and vaccine code a clinician can choose has its words in every language, so no
// option of the chart's forms shows a key or falls back to English.

describe.each(SUPPORTED_LANGUAGES)('coded chart entries in %s', (language) => {
  it('words every ICD-10-CM and CVX code of the lists', async () => {
    await initI18n(language);
    const t = i18next.getFixedT(language);
    const missing = [
      ...PROBLEM_CODE_LIST.filter((code) => problemWords(t, code, 'SENT').includes('codes.') || problemWords(t, code, 'SENT') === 'SENT'),
      ...VACCINE_CODE_LIST.filter((code) => vaccineWords(t, code, 'SENT').includes('codes.') || vaccineWords(t, code, 'SENT') === 'SENT'),
    ];
    expect(missing).toEqual([]);
    // Chinese and Arabic are written in scripts of their own: no option may be left in English.
    if (language === 'zh' || language === 'ar') {
      const english = i18next.getFixedT('en');
      expect(PROBLEM_CODE_LIST.filter((code) => problemWords(t, code, '') === problemWords(english, code, ''))).toEqual([]);
      expect(VACCINE_CODE_LIST.filter((code) => vaccineWords(t, code, '') === vaccineWords(english, code, ''))).toEqual([]);
    }
  });
});

it('shows a code outside the lists as the server stored it', async () => {
  await initI18n('en');
  const t = i18next.getFixedT('en');
  expect(problemWords(t, 'Z99.9', 'Stored words')).toBe('Stored words');
  expect(vaccineWords(t, '999', 'Stored vaccine')).toBe('Stored vaccine');
});
