// The landing page's explorer: 30 specialties in 9 categories. The display names are translated
// in the web client by their `key`; the English `name` is what doctor records store.

export const SPECIALTY_CATEGORIES = [
  'internal-medicine',
  'neurosciences',
  'surgery',
  'medical-specialties',
  'primary-care',
  'mental-health',
  'emergency-care',
  'diagnostics',
  'digital-health',
] as const;
export type SpecialtyCategory = (typeof SPECIALTY_CATEGORIES)[number];

export interface Specialty {
  key: string;
  name: string;
  category: SpecialtyCategory;
}

export const SPECIALTIES: readonly Specialty[] = [
  { key: 'cardiology', name: 'Cardiology', category: 'internal-medicine' },
  { key: 'gastroenterology', name: 'Gastroenterology', category: 'internal-medicine' },
  { key: 'pulmonology', name: 'Pulmonology', category: 'internal-medicine' },
  { key: 'nephrology', name: 'Nephrology', category: 'internal-medicine' },
  { key: 'endocrinology', name: 'Endocrinology', category: 'internal-medicine' },
  { key: 'rheumatology', name: 'Rheumatology', category: 'internal-medicine' },
  { key: 'neurology', name: 'Neurology', category: 'neurosciences' },
  { key: 'neurosurgery', name: 'Neurosurgery', category: 'neurosciences' },
  { key: 'general-surgery', name: 'General Surgery', category: 'surgery' },
  { key: 'orthopedics', name: 'Orthopedics', category: 'surgery' },
  { key: 'plastic-surgery', name: 'Plastic Surgery', category: 'surgery' },
  { key: 'urology', name: 'Urology', category: 'surgery' },
  { key: 'ophthalmology', name: 'Ophthalmology', category: 'surgery' },
  { key: 'otolaryngology', name: 'Otolaryngology', category: 'surgery' },
  { key: 'anesthesiology', name: 'Anesthesiology', category: 'surgery' },
  { key: 'oncology', name: 'Oncology', category: 'medical-specialties' },
  { key: 'hematology', name: 'Hematology', category: 'medical-specialties' },
  { key: 'dermatology', name: 'Dermatology', category: 'medical-specialties' },
  { key: 'infectious-disease', name: 'Infectious Disease', category: 'medical-specialties' },
  { key: 'allergy-immunology', name: 'Allergy and Immunology', category: 'medical-specialties' },
  { key: 'family-medicine', name: 'Family Medicine', category: 'primary-care' },
  { key: 'pediatrics', name: 'Pediatrics', category: 'primary-care' },
  { key: 'obstetrics-gynecology', name: 'Obstetrics and Gynecology', category: 'primary-care' },
  { key: 'geriatrics', name: 'Geriatrics', category: 'primary-care' },
  { key: 'psychiatry', name: 'Psychiatry', category: 'mental-health' },
  { key: 'psychology', name: 'Psychology', category: 'mental-health' },
  { key: 'emergency-medicine', name: 'Emergency Medicine', category: 'emergency-care' },
  { key: 'radiology', name: 'Radiology', category: 'diagnostics' },
  { key: 'pathology', name: 'Pathology', category: 'diagnostics' },
  { key: 'telemedicine', name: 'Telemedicine', category: 'digital-health' },
];
