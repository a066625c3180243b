import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CoverageOffer } from '../../../../contracts/leave';
import { Button } from '../../../components/ui/button';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useDoctorName } from '../../../lib/person-name';
import { coverageQuery, myCoverageQuery, useAcceptCoverage } from '../api/leave';

const ITEM =
  'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** Colleagues' appointments to cover while they are away: the reader's own specialty first. */
export function CoverageOffers() {
  const { t } = useTranslation('leave');
  const query = useQuery(coverageQuery());
  return (
    <QueryStates
      query={query}
      errorText={t('coverage.loadFailed')}
      emptyText={t('coverage.none')}
      isEmpty={(offers) => offers.length === 0}
    >
      {(offers) => (
        <ul className="flex flex-col gap-3">
          {offers.map((offer) => (
            <OfferItem key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

function OfferItem({ offer }: { offer: CoverageOffer }) {
  const { t } = useTranslation('leave');
  const format = useClinicalFormat();
  const accept = useAcceptCoverage();
  const doctorName = useDoctorName();
  const when = format.dateTime(offer.startsAt);
  const onAccept = async () => {
    try {
      await accept.mutateAsync(offer.id);
      toast.success(t('coverage.accepted', { when }));
    } catch (error) {
      toast.error(errorText(t, error, t('coverage.acceptFailed')));
    }
  };
  return (
    <li className={ITEM} data-testid="coverage-offer">
      <div className="min-w-0">
        <p className="font-semibold">{when}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span>{t('coverage.for', { doctor: doctorName(offer.doctor), specialty: offer.specialty })}</span>
          <span>{t(`coverage.types.${offer.type}`)}</span>
          <span>{t('coverage.minutes', { minutes: offer.durationMinutes })}</span>
          {offer.sameSpecialty ? (
            <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 dark:bg-brand-900/50 dark:text-brand-100">
              {t('coverage.sameSpecialty')}
            </span>
          ) : null}
        </p>
      </div>
      <Button onClick={() => void onAccept()} disabled={accept.isPending} aria-label={t('coverage.acceptFor', { when })}>
        {t('coverage.accept')}
      </Button>
    </li>
  );
}

/** The doctor's own appointments offered while away, and who took each. */
export function MyCoverage() {
  const { t } = useTranslation('leave');
  const format = useClinicalFormat();
  const doctorName = useDoctorName();
  const query = useQuery(myCoverageQuery());
  return (
    <QueryStates query={query} errorText={t('coverage.loadFailed')} emptyText={t('mine.none')} isEmpty={(offers) => offers.length === 0}>
      {(offers) => (
        <ul className="flex flex-col gap-3">
          {offers.map((offer) => (
            <li key={offer.id} className={ITEM} data-testid="my-coverage" data-status={offer.status}>
              <p className="font-semibold">{format.dateTime(offer.startsAt)}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {offer.status === 'accepted' && offer.coveredBy
                  ? t('mine.coveredBy', { doctor: doctorName(offer.coveredBy) })
                  : t(`mine.statuses.${offer.status}`)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
