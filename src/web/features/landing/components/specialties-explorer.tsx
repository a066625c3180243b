import { Activity, Bone, Brain, Eye, HeartPulse, Microscope, Scan, Smile, Stethoscope, Video, type LucideIcon } from 'lucide-react';
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPECIALTIES, SPECIALTY_CATEGORIES, type Specialty, type SpecialtyCategory } from '../../../../contracts/specialties';
import type { ExplorerSelection } from './specialties-explorer-modal';
import { lazyView } from '../../../lib/lazy-view';

// The landing page's specialties explorer (docs/product.md, Landing page): three tabs (by specialty, body system,
// imaging type), a category filter (switching tabs resets it to all), and a card per item that opens
// the specialists modal. The modal and its doctor query load only when a card is opened.

const SpecialtiesExplorerModal = lazyView(() => import('./specialties-explorer-modal').then((m) => m.default), ['doctors']);

export const EXPLORER_TABS = ['specialty', 'bodySystem', 'imagingType'] as const;
export type ExplorerTab = (typeof EXPLORER_TABS)[number];

interface ExplorerItem {
  /** Translation key under explorer.items.<tab>. */
  key: string;
  specialty: Specialty;
}

const byKey = (key: string): Specialty => {
  const found = SPECIALTIES.find((s) => s.key === key);
  if (!found) throw new Error(`Unknown specialty ${key}`);
  return found;
};

/** Body systems and the specialty that treats each. */
const BODY_SYSTEMS: readonly (readonly [string, string])[] = [
  ['heart', 'cardiology'],
  ['brain', 'neurology'],
  ['lungs', 'pulmonology'],
  ['digestive', 'gastroenterology'],
  ['kidneys', 'nephrology'],
  ['hormones', 'endocrinology'],
  ['joints', 'rheumatology'],
  ['bones', 'orthopedics'],
  ['skin', 'dermatology'],
  ['eyes', 'ophthalmology'],
  ['earNoseThroat', 'otolaryngology'],
  ['blood', 'hematology'],
  ['immune', 'allergy-immunology'],
  ['urinary', 'urology'],
  ['reproductive', 'obstetrics-gynecology'],
  ['mind', 'psychiatry'],
];

/** Imaging and diagnostic techniques and the specialty that performs or reads them. */
const IMAGING_TYPES: readonly (readonly [string, string])[] = [
  ['xray', 'radiology'],
  ['ct', 'radiology'],
  ['mri', 'radiology'],
  ['ultrasound', 'radiology'],
  ['mammography', 'radiology'],
  ['echocardiography', 'cardiology'],
  ['endoscopy', 'gastroenterology'],
  ['eeg', 'neurology'],
  ['histopathology', 'pathology'],
  ['dermoscopy', 'dermatology'],
];

export const EXPLORER_ITEMS: Record<ExplorerTab, readonly ExplorerItem[]> = {
  specialty: SPECIALTIES.map((specialty) => ({ key: specialty.key, specialty })),
  bodySystem: BODY_SYSTEMS.map(([key, specialty]) => ({ key, specialty: byKey(specialty) })),
  imagingType: IMAGING_TYPES.map(([key, specialty]) => ({ key, specialty: byKey(specialty) })),
};

const CATEGORY_ICONS: Record<SpecialtyCategory, LucideIcon> = {
  'internal-medicine': HeartPulse,
  neurosciences: Brain,
  surgery: Bone,
  'medical-specialties': Microscope,
  'primary-care': Stethoscope,
  'mental-health': Smile,
  'emergency-care': Activity,
  diagnostics: Scan,
  'digital-health': Video,
};

const TAB_ICONS: Record<ExplorerTab, LucideIcon> = { specialty: Stethoscope, bodySystem: HeartPulse, imagingType: Eye };

type CategoryFilter = SpecialtyCategory | 'all';

export default function SpecialtiesExplorer() {
  const { t } = useTranslation('doctors');
  const [tab, setTab] = useState<ExplorerTab>('specialty');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [selection, setSelection] = useState<ExplorerSelection | null>(null);
  const tabRefs = useRef<Partial<Record<ExplorerTab, HTMLButtonElement | null>>>({});

  // Switching a tab resets the category to all.
  const chooseTab = (next: ExplorerTab) => {
    setTab(next);
    setCategory('all');
  };

  // WAI-ARIA tabs: arrow keys move between tabs, Home and End jump to the ends.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = EXPLORER_TABS.indexOf(tab);
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key as 'ArrowRight' | 'ArrowLeft'];
    let next: number | undefined;
    if (step !== undefined) next = (index + step + EXPLORER_TABS.length) % EXPLORER_TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = EXPLORER_TABS.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = EXPLORER_TABS[next]!;
    chooseTab(target);
    tabRefs.current[target]?.focus();
  };

  const items = EXPLORER_ITEMS[tab].filter((item) => category === 'all' || item.specialty.category === category);
  const categories = SPECIALTY_CATEGORIES.filter((c) => EXPLORER_ITEMS[tab].some((item) => item.specialty.category === c));

  return (
    <section aria-labelledby="explorer-title" className="mx-auto max-w-6xl px-4 py-12" data-testid="specialties-explorer">
      <h2 id="explorer-title" className="text-2xl font-semibold">
        {t('explorer.title')}
      </h2>
      <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('explorer.subtitle', { count: SPECIALTIES.length })}</p>

      <div role="tablist" aria-label={t('explorer.tabsLabel')} className="mt-6 flex flex-wrap gap-2">
        {EXPLORER_TABS.map((key) => {
          const Icon = TAB_ICONS[key];
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(node) => {
                tabRefs.current[key] = node;
              }}
              type="button"
              role="tab"
              id={`explorer-tab-${key}`}
              aria-selected={selected}
              aria-controls="explorer-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => chooseTab(key)}
              onKeyDown={onTabKeyDown}
              className={`inline-flex min-h-10 items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium ${
                selected
                  ? 'bg-brand-700 text-white'
                  : 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(`explorer.tabs.${key}`)}
            </button>
          );
        })}
      </div>

      <div role="tabpanel" id="explorer-panel" aria-labelledby={`explorer-tab-${tab}`} className="mt-4">
        <div role="group" aria-label={t('explorer.categoryLabel')} className="flex flex-wrap gap-2" data-testid="explorer-categories">
          {(['all', ...categories] as CategoryFilter[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={category === key}
              onClick={() => setCategory(key)}
              className={`min-h-9 rounded-full px-3 py-1 text-sm ${
                category === key
                  ? 'bg-brand-100 font-semibold text-brand-900 ring-2 ring-brand-700 dark:bg-brand-900/60 dark:text-brand-100'
                  : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700'
              }`}
            >
              {key === 'all' ? t('explorer.allCategories') : t(`categories.${key}`)}
            </button>
          ))}
        </div>

        <p className="sr-only" aria-live="polite">
          {t('explorer.shown', { count: items.length })}
        </p>
        <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="explorer-items">
          {items.map((item) => {
            const Icon = CATEGORY_ICONS[item.specialty.category];
            const specialtyLabel = t(`specialties.${item.specialty.key}`);
            const title = tab === 'specialty' ? specialtyLabel : t(`explorer.items.${tab}.${item.key}`);
            const subtitle = tab === 'specialty' ? t(`categories.${item.specialty.category}`) : specialtyLabel;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  onClick={() => setSelection({ specialty: item.specialty.name, label: specialtyLabel })}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-start shadow-sm hover:border-brand-700 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500"
                  data-testid="explorer-item"
                >
                  <Icon className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold wrap-anywhere">{title}</span>
                    <span className="text-sm text-slate-700 dark:text-slate-300">{subtitle}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      {selection ? (
        <Suspense fallback={null}>
          <SpecialtiesExplorerModal selection={selection} onClose={() => setSelection(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
