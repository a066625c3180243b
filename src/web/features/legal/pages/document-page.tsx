import { useTranslation } from 'react-i18next';
import { listOf, PageFrame } from './page-frame';

export type PublicDocument = 'privacy' | 'terms' | 'docs' | 'training';

interface Section {
  heading: string;
  body: string;
}

/** Privacy policy, terms of service, and the documentation and training overviews. */
export function DocumentPage({ document }: { document: PublicDocument }) {
  const { t } = useTranslation('legal');
  const sections = listOf<Section>(t(`${document}.sections`, { returnObjects: true }));
  return (
    <PageFrame title={t(`${document}.title`)} intro={t(`${document}.intro`)}>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <p className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">{section.body}</p>
        </section>
      ))}
    </PageFrame>
  );
}
