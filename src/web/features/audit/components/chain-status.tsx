import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { auditChainQuery } from '../api/audit';

/** The hash chain's state, checked on request (it reads every event): intact, or the first broken event. */
export function ChainStatus() {
  const { t, i18n } = useTranslation('audit');
  const query = useQuery(auditChainQuery());
  const number = new Intl.NumberFormat(i18n.language);

  let text: string;
  let tone = 'border-slate-200 dark:border-slate-800';
  if (query.isFetching) text = t('chain.checking');
  else if (query.isError) text = t('chain.failed');
  else if (!query.data) text = t('chain.unchecked');
  else if (query.data.intact) {
    text = t('chain.intact', { count: query.data.checked, checked: number.format(query.data.checked) });
    tone = 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/50';
  } else {
    text = t('chain.broken', { id: query.data.brokenAt, checked: number.format(query.data.checked) });
    tone = 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/50';
  }
  const broken = query.data && !query.data.intact;

  return (
    <section
      aria-labelledby="audit-chain-title"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4 ${tone}`}
    >
      <div className="flex items-start gap-3">
        {broken ? (
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
        ) : (
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" aria-hidden="true" />
        )}
        <div>
          <h2 id="audit-chain-title" className="font-semibold">
            {t('chain.title')}
          </h2>
          <p className="text-sm" role="status" data-testid="audit-chain-status">
            {text}
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {t('chain.verify')}
      </Button>
    </section>
  );
}
