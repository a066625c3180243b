import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClinicalNoteSummary, NoteListQuery } from '../../../../contracts/clinical-notes';
import { pathForView } from '../../../../contracts/views';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { Pager } from '../../../components/ui/pager';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { usePersonName } from '../../../lib/person-name';
import { noteListQuery } from '../api/notes';
import { StatusBadge } from './status-badge';

/** The doctor's notes, the ones waiting for a signature first, a page at a time. */
export function NoteList({ kind, emptyTitle, emptyBody }: { kind: NoteListQuery['kind']; emptyTitle: string; emptyBody: string }) {
  const { t } = useTranslation('notes');
  const [page, setPage] = useState(1);
  const query = useQuery(noteListQuery({ kind, page }));
  return (
    <div className="flex flex-col gap-4">
      {query.data && query.data.unsigned > 0 ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="unsigned-count">
          {t('list.unsigned', { count: query.data.unsigned })}
        </p>
      ) : null}
      <PageQueryStates
        query={query}
        failed={t('list.loadFailed')}
        retry={t('list.retry')}
        empty={{ icon: FileText, title: emptyTitle, body: emptyBody }}
      >
        {(answer) => (
          <>
            <ul className="flex flex-col gap-2" data-testid="note-list">
              {answer.data.map((note) => (
                <NoteRow key={note.id} note={note} />
              ))}
            </ul>
            <Pager
              page={answer.page}
              total={answer.total}
              pageSize={answer.pageSize}
              busy={query.isFetching}
              label={t('list.pages')}
              onPage={setPage}
            />
          </>
        )}
      </PageQueryStates>
    </div>
  );
}

function NoteRow({ note }: { note: ClinicalNoteSummary }) {
  const { t } = useTranslation('notes');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  return (
    <li>
      <Link
        to={`${pathForView('clinical-notes')}/${note.id}`}
        data-testid="note-row"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 hover:border-brand-300 focus-visible:outline-2 dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{nameOf(note.patient)}</span>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {note.visitAt ? t('list.visitOn', { date: format.dateTime(note.visitAt) }) : t('list.freeNote')}
            {' · '}
            {t('list.byDoctor', { name: nameOf(note.doctor) })}
            {' · '}
            {t('list.updated', { date: format.dateTime(note.updatedAt) })}
          </span>
        </span>
        <StatusBadge status={note.status} />
      </Link>
    </li>
  );
}
