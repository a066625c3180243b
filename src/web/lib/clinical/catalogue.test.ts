import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ALLERGEN_CODES, LAB_CODES, MEDICATION_FREQUENCIES, UNIT_CODES } from '../../../contracts/clinical-catalogue';
import { DRUG_CATALOGUE, DRUG_CODES, DRUG_FORMS, type DrugForm } from '../../../contracts/drug-catalogue';
import { SUPPORTED_LANGUAGES } from '../../../contracts/languages';
import ar from '../../locales/ar/health.json';
import de from '../../locales/de/health.json';
import en from '../../locales/en/health.json';
import es from '../../locales/es/health.json';
import fr from '../../locales/fr/health.json';
import zh from '../../locales/zh/health.json';
import { clinicalCatalogue } from './catalogue';

// Every code of the clinical catalogue is worded in every language; names and frequencies are not
// left in English in another language. (A code the server uses is in the catalogue:
// src/server/db/factories/catalogue.test.ts.)

const texts = { ar, de, en, es, fr, zh };

async function catalogueIn(language: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, fallbackLng: false, resources: { [language]: { health: texts[language as keyof typeof texts] } } });
  return clinicalCatalogue(instance.t);
}

describe.each(SUPPORTED_LANGUAGES)('the clinical catalogue in %s', (language) => {
  it('words every lab, unit and frequency code', async () => {
    const catalogue = await catalogueIn(language);
    const missing = [
      ...LAB_CODES.filter((code) => catalogue.lab(code, 'SENT') === 'SENT' || catalogue.lab(code, 'SENT').startsWith('catalogue.')),
      ...UNIT_CODES.filter((code) => catalogue.unit(code).startsWith('catalogue.')),
      ...MEDICATION_FREQUENCIES.filter((code) => catalogue.frequency(code) === code || catalogue.frequency(code).startsWith('catalogue.')),
      ...DRUG_CODES.filter((code) => catalogue.drugName(code).startsWith('catalogue.')),
      ...(Object.keys(DRUG_FORMS) as DrugForm[]).filter((form) => catalogue.form(form).startsWith('catalogue.')),
      ...DRUG_CODES.flatMap((code) => DRUG_CATALOGUE[code].strengths).filter((strength) =>
        catalogue.strength(strength).includes('catalogue.'),
      ),
      ...ALLERGEN_CODES.filter(
        (code) => catalogue.allergen(code, 'SENT') === 'SENT' || catalogue.allergen(code, 'SENT').startsWith('catalogue.'),
      ),
    ];
    expect(missing, `${language}: catalogue codes without words`).toEqual([]);
  });

  it.runIf(language === 'zh' || language === 'ar')('does not leave lab names or frequencies in English', async () => {
    const [catalogue, english] = await Promise.all([catalogueIn(language), catalogueIn('en')]);
    const english_ = [
      ...LAB_CODES.filter((code) => catalogue.lab(code, '') === english.lab(code, '')),
      ...MEDICATION_FREQUENCIES.filter((code) => catalogue.frequency(code) === english.frequency(code)),
      ...DRUG_CODES.filter((code) => catalogue.drugName(code) === english.drugName(code)),
      ...(Object.keys(DRUG_FORMS) as DrugForm[]).filter((form) => catalogue.form(form) === english.form(form)),
      ...ALLERGEN_CODES.filter((code) => catalogue.allergen(code, '') === english.allergen(code, '')),
    ];
    expect(english_).toEqual([]);
    expect(catalogue.unit('/min')).not.toBe('/min');
  });
});

it('shows a code the catalogue does not know as the server sent it', async () => {
  const catalogue = await catalogueIn('de');
  expect(catalogue.lab('99999-9', 'Vitamin D')).toBe('Vitamin D');
  expect(catalogue.unit('mg/L')).toBe('mg/L');
  expect(catalogue.frequency('Once weekly')).toBe('Once weekly');
  expect(catalogue.frequency('twice-daily')).toBe('Zweimal täglich');
  expect(catalogue.lab('718-7', 'Hemoglobin')).toBe('Hämoglobin');
});

it('shows a drug or allergen typed by hand, or of an unknown code, as it was written', async () => {
  const catalogue = await catalogueIn('zh');
  expect(catalogue.drug({ drugCode: 'lisinopril', strength: '10 mg', name: 'Lisinopril 10 mg oral tablet' })).toBe('赖诺普利 10 mg 口服片');
  expect(catalogue.drug({ drugCode: 'fluticasone', strength: '110 mcg/actuation', name: 'Fluticasone 110 mcg/actuation inhaler' })).toBe(
    '氟替卡松 110 µg/揿 吸入剂',
  );
  expect(catalogue.drug({ drugCode: null, strength: '81 mg', name: 'Aspirin 81 mg' })).toBe('Aspirin 81 mg');
  expect(catalogue.drug({ drugCode: 'not-a-code', strength: null, name: 'Aspirin 81 mg' })).toBe('Aspirin 81 mg');
  const arabic = await catalogueIn('ar');
  expect(arabic.drug({ drugCode: 'amoxicillin', strength: '500 mg', name: 'Amoxicillin 500 mg oral capsule' })).toBe(
    'أموكسيسيلين 500 ملغ كبسولات فموية',
  );
  expect(catalogue.allergen('peanuts', 'Peanuts')).toBe('花生');
  expect(catalogue.allergen(null, 'Cat dander')).toBe('Cat dander');
});
