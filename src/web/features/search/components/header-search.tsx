import { Clock, Search as SearchIcon, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_PANEL_FEATURE_CATEGORIES,
  SEARCH_PANEL_PER_GROUP,
  SEARCH_QUERY_MAX,
  type SearchGroup,
  type SearchResults,
} from '../../../../contracts/search';
import { queryWords } from '../../../../contracts/feature-catalogue';
import { Form } from '../../../components/form/form';
import { TextInput } from '../../../components/form/fields';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { errorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { panelFeatures, useFeatureMatches, useSearch } from '../api/search';
import { forgetSearches, recentSearches, rememberSearch } from '../lib/recent-searches';
import { resultRoute, type SearchHit } from '../lib/result-routes';
import { useDebounced } from '../../../lib/use-debounced';
import { HitText } from './hit-text';

// The header's search: an ARIA combobox whose list is the panel. Results come as one
// types (after 300 ms without a key), up to 3 per group and features as 4 categories of 3,
// each group with "see all"; with nothing typed, the recent searches. Arrows move through the
// options, Enter opens one (or, with none chosen, the full results page), Escape closes the panel.
// The full results page gets the text in the history entry's state, never in the address: a
// patient's name must not end up in the browser's history list or a server's access log.

export const SEARCH_PATH = '/search';

export interface SearchPageState {
  query: string;
  group?: SearchGroup;
}

const schema = z.object({ query: z.string().max(SEARCH_QUERY_MAX, 'text.tooLong') });

type Option =
  | { key: string; kind: 'recent'; text: string }
  | { key: string; kind: 'hit'; hit: SearchHit }
  | { key: string; kind: 'see-all'; group: SearchGroup }
  | { key: string; kind: 'all-results' };

interface Section {
  id: string;
  label: string;
  options: Option[];
}

const PERSON_GROUPS = ['patients', 'doctors', 'staff'] as const;

function buildSections(
  t: (key: string, options?: Record<string, unknown>) => string,
  results: SearchResults | undefined,
  features: ReturnType<typeof panelFeatures>,
  moreFeatures: boolean,
): Section[] {
  const sections: Section[] = [];
  const seeAll = (group: SearchGroup): Option => ({ key: `see-all-${group}`, kind: 'see-all', group });
  if (results) {
    for (const group of PERSON_GROUPS) {
      const items = results[group];
      if (items.length === 0) continue;
      sections.push({
        id: group,
        label: t(`groups.${group}`),
        options: [
          ...items.map((item): Option => ({ key: `${group}-${item.id}`, kind: 'hit', hit: { group, item } as SearchHit })),
          ...(results.more[group] ? [seeAll(group)] : []),
        ],
      });
    }
  }
  features.forEach(([category, items], index) => {
    const last = index === features.length - 1;
    sections.push({
      id: `features-${category}`,
      label: `${t('groups.features')} · ${t(`categories.${category}`)}`,
      options: [
        ...items.map((item): Option => ({ key: `features-${item.id}`, kind: 'hit', hit: { group: 'features', item } })),
        ...(last && moreFeatures ? [seeAll('features')] : []),
      ],
    });
  });
  if (results && results.appointments.length > 0) {
    sections.push({
      id: 'appointments',
      label: t('groups.appointments'),
      options: [
        ...results.appointments.map((item): Option => ({
          key: `appointments-${item.id}`,
          kind: 'hit',
          hit: { group: 'appointments', item },
        })),
        ...(results.more.appointments ? [seeAll('appointments')] : []),
      ],
    });
  }
  return sections;
}

/** The search box and its panel. `onClose` is given on small screens, where it is an overlay. */
export function HeaderSearch({ onClose, autoFocus = false }: { onClose?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation(['search', 'errors']);
  const navigate = useNavigate();
  const { user, can } = usePermissions();
  const form = useSchemaForm({ schema, defaultValues: { query: '' } });
  const text = form.watch('query') ?? '';
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const typed = text.trim() !== '';
  const search = useSearch(typed ? settled : '');
  const [open, setOpen] = useState(false);
  // The chosen option belongs to the text it was chosen for: new text starts from nothing chosen.
  const [choice, setChoice] = useState({ text: '', index: -1 });
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const role = user?.role ?? 'patient';
  const canOpenCharts = role === 'doctor' || role === 'admin' || (role === 'staff' && can(['medical_records.view', 'patients.view.own']));
  const results = typed && settled.trim() !== '' ? search.data : undefined;
  const matched = useFeatureMatches(typed ? settled : '', results?.features);
  const features = panelFeatures(matched, SEARCH_PANEL_FEATURE_CATEGORIES, SEARCH_PANEL_PER_GROUP);
  const shownFeatures = features.reduce((sum, [, items]) => sum + items.length, 0);
  const sections: Section[] = typed
    ? [
        ...buildSections(t, results, features, matched.length > shownFeatures),
        { id: 'all', label: '', options: [{ key: 'all-results', kind: 'all-results' }] },
      ]
    : recent.length > 0
      ? [{ id: 'recent', label: t('recent'), options: recent.map((entry) => ({ key: `recent-${entry}`, kind: 'recent', text: entry })) }]
      : [];
  const options = sections.flatMap((section) => section.options);
  const words = queryWords(settled);
  const hitCount = options.filter((option) => option.kind === 'hit').length;

  const active = choice.text === text ? choice.index : -1;
  const setActive = (next: (current: number) => number) => setChoice({ text, index: next(active) });

  // A click anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const finish = (to: string, state?: SearchPageState) => {
    if (typed) setRecent(rememberSearch(text));
    setOpen(false);
    form.reset({ query: '' });
    onClose?.();
    void navigate(to, state ? { state } : undefined);
  };

  const choose = (option: Option) => {
    switch (option.kind) {
      case 'recent':
        form.setValue('query', option.text);
        setOpen(true);
        input.current?.focus();
        return;
      case 'hit':
        finish(resultRoute(option.hit, role, canOpenCharts));
        return;
      case 'see-all':
        finish(SEARCH_PATH, { query: text.trim(), group: option.group });
        return;
      case 'all-results':
        finish(SEARCH_PATH, { query: text.trim() });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const next = Math.min(current, options.length - 1) + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      if (open && (options.length > 0 || typed)) setOpen(false);
      else if (typed) form.reset({ query: '' });
      else onClose?.();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const option = active >= 0 ? options[active] : undefined;
      if (option) choose(option);
      else if (typed) choose({ key: 'all-results', kind: 'all-results' });
    }
  };

  // The choice wraps past either end through "nothing chosen" (-1), where typing continues.
  const index = active >= options.length ? -1 : active;
  const expanded = open && (sections.length > 0 || typed);
  const placeholder = role === 'patient' ? t('placeholder.patient') : t('placeholder.other');
  let status: ReactNode = null;
  if (typed && search.isError) status = errorText(t, search.error, t('failed'));
  else if (typed && (settled !== text || search.isFetching) && !results) status = t('searching');
  else if (typed && results && hitCount === 0) status = t('empty', { query: settled.trim() });

  return (
    <div ref={root} className="relative w-full">
      <Form form={form} onSubmit={() => undefined} role="search" aria-label={t('label')}>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            aria-hidden="true"
          />
          <TextInput
            name="query"
            inputRef={input}
            label={<span className="sr-only">{t('label')}</span>}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && index >= 0 ? optionId(index) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_QUERY_MAX}
            placeholder={placeholder}
            autoFocus={autoFocus}
            className="[&_input]:ps-9 [&_input]:pe-9"
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            registerOptions={{ onChange: () => setOpen(true) }}
            data-testid="header-search-input"
          />
          {typed ? (
            <button
              type="button"
              className="absolute end-1 top-1/2 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
              aria-label={t('clear')}
              onClick={() => {
                form.reset({ query: '' });
                input.current?.focus();
              }}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </Form>
      <p className="sr-only" aria-live="polite">
        {expanded && typed && results ? t('announce', { count: hitCount }) : ''}
      </p>
      <div
        className={`${expanded ? 'block' : 'hidden'} absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
        data-testid="search-panel"
      >
        {status ? (
          <p className="px-2 py-2 text-sm text-slate-700 dark:text-slate-300" role="status">
            {status}
          </p>
        ) : null}
        {!typed && recent.length === 0 ? (
          <p className="px-2 py-2 text-sm text-slate-700 dark:text-slate-300">
            {role === 'patient' ? t('noRecentPatient') : t('noRecent')}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t('label')} className="flex flex-col gap-1">
          {sections.map((section) => (
            <li key={section.id} role="presentation">
              {section.label ? (
                <p
                  className="flex items-center gap-1 px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
                  aria-hidden="true"
                >
                  {section.id === 'recent' ? <Clock className="size-3" aria-hidden="true" /> : null}
                  {section.label}
                </p>
              ) : null}
              <ul role="group" aria-label={section.label || t('seeAllResults')}>
                {section.options.map((option) => {
                  const at = options.indexOf(option);
                  const selected = at === index;
                  return (
                    <li
                      key={option.key}
                      id={optionId(at)}
                      role="option"
                      aria-selected={selected}
                      className={`cursor-pointer rounded-md px-2 py-1.5 ${
                        selected ? 'bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-900/50' : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                      }`}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                      data-testid={`search-option-${option.kind}`}
                    >
                      {option.kind === 'hit' ? <HitText hit={option.hit} words={words} role={role} /> : null}
                      {option.kind === 'recent' ? <span className="text-sm text-slate-800 dark:text-slate-200">{option.text}</span> : null}
                      {option.kind === 'see-all' ? (
                        <span className="text-sm font-medium text-brand-800 dark:text-brand-300">
                          {t('seeAll', { group: t(`groups.${option.group}`) })}
                        </span>
                      ) : null}
                      {option.kind === 'all-results' ? (
                        <span className="text-sm font-medium text-brand-800 dark:text-brand-300">{t('seeAllResults')}</span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
        {!typed && recent.length > 0 ? (
          <button
            type="button"
            className="mt-1 px-2 py-1 text-xs text-slate-700 underline dark:text-slate-300"
            onClick={() => {
              forgetSearches();
              setRecent([]);
              input.current?.focus();
            }}
          >
            {t('clearRecent')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
