import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCategory, DocumentItem } from '../../../../contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../../contracts/health-records';
import { FormAlert } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { QueryStates } from '../../../components/ui/query-states';
import { useSession } from '../../../lib/session/use-session';
import { documentsOf, documentsQuery } from '../api/documents';
import { DocumentList, type Notice } from '../components/document-list';
import { UploadForm } from '../components/upload-form';
import { PageSection } from '../../../components/ui/page-section';

/** Records: the patient's documents by category, and adding their own. */
export function RecordsPage() {
  const { t } = useTranslation('records');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
      </header>
      <Documents patientId={user.id} />
    </div>
  );
}

function Documents({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('records');
  const [category, setCategory] = useState<DocumentCategory | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const query = useQuery(documentsQuery(patientId, category, page));
  const queryClient = useQueryClient();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const counts = query.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;

  function show(next: DocumentCategory | undefined) {
    setNotice(null);
    setCategory(next);
    setPage(1);
  }

  async function uploaded(item: DocumentItem) {
    // Show the new document where it belongs: its own category, first page.
    show(item.category);
    await queryClient.invalidateQueries({ predicate: (query) => documentsOf(patientId)(query.queryKey) });
  }

  const filters: { value: DocumentCategory | undefined; label: string; count: number | undefined }[] = [
    { value: undefined, label: t('categories.all'), count: all },
    ...DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`), count: counts?.[c] })),
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <PageSection title={t('list.heading')} testId="documents">
        <div role="group" aria-label={t('list.filterLabel')} className="flex flex-wrap gap-2" data-testid="category-filter">
          {filters.map((filter) => {
            const active = filter.value === category;
            return (
              <button
                key={filter.value ?? 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => show(filter.value)}
                data-testid={`category-${filter.value ?? 'all'}`}
                className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
                }`}
              >
                {filter.label}
                {filter.count !== undefined ? (
                  <span
                    className={`rounded-full px-2 text-xs ${active ? 'bg-white/20' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}
                  >
                    {number.format(filter.count)}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        {notice ? (
          <FormAlert tone={notice.tone} testId="document-notice">
            {notice.text}
          </FormAlert>
        ) : null}
        <QueryStates
          query={query}
          errorText={t('list.loadError')}
          emptyText={category ? t('list.emptyCategory') : t('list.empty')}
          isEmpty={(answer) => answer.data.length === 0}
        >
          {(answer) => (
            <>
              <DocumentList documents={answer.data} patientId={patientId} onNotice={setNotice} />
              <Pager
                page={answer.page}
                total={answer.total}
                pageSize={answer.pageSize}
                busy={query.isFetching}
                label={t('list.pagesLabel')}
                onPage={setPage}
              />
            </>
          )}
        </QueryStates>
      </PageSection>
      <aside className="min-w-0">
        <PageSection title={t('upload.heading')} testId="upload">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('upload.intro')}</p>
          <UploadForm patientId={patientId} onUploaded={(item) => void uploaded(item)} />
        </PageSection>
      </aside>
    </div>
  );
}
