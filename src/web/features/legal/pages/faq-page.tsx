import { useTranslation } from 'react-i18next';
import { listOf, PageFrame } from './page-frame';

interface Question {
  question: string;
  answer: string;
}

/** Frequently asked questions; each answer opens in place (native disclosure, keyboard ready). */
export function FaqPage() {
  const { t } = useTranslation('legal');
  const questions = listOf<Question>(t('faq.items', { returnObjects: true }));
  return (
    <PageFrame title={t('faq.title')} intro={t('faq.intro')}>
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {questions.map((item) => (
          <details key={item.question} className="group p-4">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">{item.answer}</p>
          </details>
        ))}
      </div>
    </PageFrame>
  );
}
