import { Download, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { promptInstall, useInstallState } from '../lib/install-prompt';
import { CheckList } from './check-list';
import { LandingSection } from './landing-section';
import { textList } from '../lib/text-list';

/** Mobile apps: Caredeck installs from the browser (PWA) instead of store badges that lead nowhere. */
export function MobileAppsSection() {
  const { t } = useTranslation('landing');
  const state = useInstallState();
  const [accepted, setAccepted] = useState(false);
  const points = textList(t('mobile.points', { returnObjects: true }));

  return (
    <LandingSection name="mobile" title={t('mobile.title')} subtitle={t('mobile.subtitle')}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Smartphone className="size-16 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
        <div className="space-y-4">
          <CheckList points={points} />
          <div aria-live="polite">
            {accepted ? (
              <p>{t('mobile.accepted')}</p>
            ) : state === 'installable' ? (
              <Button onClick={() => void promptInstall().then((outcome) => setAccepted(outcome === 'accepted'))}>
                <Download className="size-4" aria-hidden="true" />
                {t('mobile.install')}
              </Button>
            ) : state === 'installed' ? (
              <p>{t('mobile.installed')}</p>
            ) : (
              <p className="text-slate-700 dark:text-slate-300" data-testid="install-manual">
                {t('mobile.manual')}
              </p>
            )}
          </div>
        </div>
      </div>
    </LandingSection>
  );
}
