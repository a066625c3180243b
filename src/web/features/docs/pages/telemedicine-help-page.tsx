import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The help for video visits inside the app (docs/telemedicine): how to join, the device check and
// what to do when something does not work. The same help as docs/telemedicine.md, for the people
// holding the visits, in their language.

const JOINING = ['button', 'waiting', 'controls', 'reconnect'] as const;
const TROUBLES = ['permission', 'missing', 'busy', 'connecting', 'notOpen', 'sound', 'https'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function TelemedicineHelpPage() {
  const { t } = useTranslation('video');
  return (
    <article className="flex max-w-3xl flex-col gap-6" data-testid="telemedicine-help">
      <h1 className="text-3xl font-semibold tracking-tight">{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <Section title={t('help.joining.title')}>
        <ul className="list-disc space-y-1 ps-6">
          {JOINING.map((key) => (
            <li key={key}>{t(`help.joining.${key}`)}</li>
          ))}
        </ul>
      </Section>
      <Section title={t('help.devices.title')}>
        <p>{t('help.devices.body')}</p>
      </Section>
      <Section title={t('help.troubleshooting.title')}>
        <dl className="flex flex-col gap-3">
          {TROUBLES.map((key) => (
            <div key={key}>
              <dt className="font-medium">{t(`help.troubleshooting.${key}.problem`)}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{t(`help.troubleshooting.${key}.fix`)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title={t('help.administrators.title')}>
        <p>{t('help.administrators.body')}</p>
      </Section>
    </article>
  );
}
