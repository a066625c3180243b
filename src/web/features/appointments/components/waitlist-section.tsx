import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaitlistOffer } from '../../../../contracts/waitlist';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { QueryStates } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { useDoctorName } from '../../../lib/person-name';
import { useAcceptOffer, useLeaveWaitlist, waitlistQuery } from '../api/waitlist';

// The patient's waitlist on their appointments view (#waitlist, where offer notifications lead):
// earlier times offered to them, with the one button that takes one, and the doctors they wait for.

export function WaitlistSection({ onNotice }: { onNotice: (text: string) => void }) {
  const { t } = useTranslation('booking');
  const query = useQuery(waitlistQuery());
  const doctorName = useDoctorName();
  return (
    <section id="waitlist" aria-labelledby="waitlist-title" className="flex flex-col gap-3" data-testid="waitlist">
      <h2 id="waitlist-title" className="flex items-center gap-2 text-xl font-semibold">
        <CalendarClock className="size-5" aria-hidden="true" />
        {t('waitlist.title')}
      </h2>
      <QueryStates
        query={query}
        errorText={t('waitlist.loadFailed')}
        emptyText={t('waitlist.empty')}
        isEmpty={(answer) => answer.entries.length === 0 && answer.offers.length === 0}
      >
        {(answer) => (
          <div className="flex flex-col gap-3">
            {answer.offers.length > 0 ? (
              <ul className="flex flex-col gap-2" aria-label={t('waitlist.offers')}>
                {answer.offers.map((offer) => (
                  <OfferItem key={offer.id} offer={offer} onNotice={onNotice} />
                ))}
              </ul>
            ) : null}
            {answer.entries.length > 0 ? (
              <ul className="flex flex-col gap-2" aria-label={t('waitlist.entries')}>
                {answer.entries.map((entry) => (
                  <EntryItem key={entry.id} id={entry.id} doctorName={doctorName(entry.doctor)} latestDate={entry.latestDate} />
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </QueryStates>
    </section>
  );
}

function OfferItem({ offer, onNotice }: { offer: WaitlistOffer; onNotice: (text: string) => void }) {
  const { t, i18n } = useTranslation('booking');
  const accept = useAcceptOffer();
  const doctorName = useDoctorName();
  const [error, setError] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' });
  const live = isLive(offer, new Date());
  const take = async () => {
    setError(null);
    try {
      const booked = await accept.mutateAsync(offer.id);
      // A time taken as a request (the clinic approves new bookings, or the appointment moved was
      // one) is said in the booking page's words: it is held until the clinic confirms it.
      onNotice(
        t(booked.status === 'requested' ? 'book.requestSent' : 'waitlist.accepted', { when: format.format(new Date(booked.startsAt)) }),
      );
    } catch (failure) {
      setError(errorText(t, failure, t('waitlist.acceptFailed')));
    }
  };
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="waitlist-offer"
    >
      <p className="font-medium">
        {t('waitlist.offer', { name: doctorName(offer.doctor), when: format.format(new Date(offer.startsAt)) })}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {live
          ? t('waitlist.heldUntil', { time: time.format(new Date(offer.expiresAt)) })
          : t(`waitlist.status.${offer.status === 'offered' ? 'expired' : offer.status}`)}
      </p>
      {live ? (
        <div className="mt-2">
          <Button onClick={() => void take()} disabled={accept.isPending} data-testid="accept-offer">
            {t('waitlist.accept')}
          </Button>
        </div>
      ) : null}
      {error ? <FormAlert testId="accept-offer-error">{error}</FormAlert> : null}
    </li>
  );
}

function EntryItem({ id, doctorName, latestDate }: { id: string; doctorName: string; latestDate: string | null }) {
  const { t, i18n } = useTranslation('booking');
  const leave = useLeaveWaitlist();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="waitlist-entry"
    >
      <span>
        {latestDate
          ? t('waitlist.waitingUntil', { name: doctorName, date: date.format(new Date(`${latestDate}T00:00:00Z`)) })
          : t('waitlist.waiting', { name: doctorName })}
      </span>
      <Button variant="secondary" onClick={() => leave.mutate(id)} disabled={leave.isPending} data-testid="leave-waitlist">
        {t('waitlist.leave')}
      </Button>
    </li>
  );
}

/** An offer the patient may still take: offered, and held until a time still ahead. */
function isLive(offer: WaitlistOffer, now: Date): boolean {
  return offer.status === 'offered' && Date.parse(offer.expiresAt) > now.getTime();
}
