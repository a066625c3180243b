import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { doctorsApi, doctorsOfSpecialty } from '../../../../contracts/doctors';
import { Dialog } from '../../../components/ui/dialog';
import { routeQuery } from '../../../lib/api-routes';
import { DoctorGrid } from './doctor-card';

export interface ExplorerSelection {
  /** The English specialty name doctor records store (the filter). */
  specialty: string;
  /** The translated name shown in the title and texts. */
  label: string;
}

/**
 * The explorer's dialog of specialists: the doctor query's loading, error and success states, and
 * the doctors whose specialty equals the chosen one, ignoring case. Closes by its button, the
 * backdrop or Escape; focus stays inside and returns to the card that opened it (ui/dialog).
 */
export default function SpecialtiesExplorerModal({ selection, onClose }: { selection: ExplorerSelection; onClose: () => void }) {
  const { t } = useTranslation('doctors');
  // The server narrows the list too, so an organisation with many doctors still sends only these.
  const query = useQuery(routeQuery(doctorsApi.list, { query: { specialty: selection.specialty } }, (answer) => answer.data));
  const doctors = useMemo(() => (query.data ? doctorsOfSpecialty(query.data, selection.specialty) : []), [query.data, selection.specialty]);

  return (
    <Dialog open title={t('explorer.modal.title', { specialty: selection.label })} onClose={onClose} size="xl" testId="specialists-modal">
      {query.isPending ? (
        <div role="status" aria-live="polite" className="flex items-center gap-3 py-10 text-slate-700 dark:text-slate-300">
          <span
            className="size-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
            aria-hidden="true"
          />
          {t('explorer.modal.loading')}
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
          <AlertTriangle className="size-10 text-red-700 dark:text-red-400" aria-hidden="true" />
          <p className="font-semibold">{t('explorer.modal.errorTitle')}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('explorer.modal.errorBody')}</p>
        </div>
      ) : doctors.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center" data-testid="specialists-empty">
          <SearchX className="size-10 text-slate-500" aria-hidden="true" />
          <p className="font-semibold">{t('explorer.modal.emptyTitle', { specialty: selection.label })}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('explorer.modal.emptyBody')}</p>
        </div>
      ) : (
        <DoctorGrid doctors={doctors} />
      )}
    </Dialog>
  );
}
