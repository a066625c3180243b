import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/navigation/app-navigation';
import { usePublicConfig } from '../../../lib/use-public-config';
import { textList } from '../lib/text-list';

const linkClass = 'underline-offset-2 hover:text-brand-700 hover:underline dark:hover:text-brand-100';

/**
 * The footer, every link a real one: platform links scroll on the landing page
 * (or return to it), documentation and training open their overview pages, support and contact use
 * the organisation's own address and phone, FAQ/privacy/terms are pages, and the compliance badges.
 */
export function SiteFooter() {
  const { t } = useTranslation(['landing', 'common']);
  const config = usePublicConfig();
  const organisation = config.data?.organisationName ?? t('common:appName');
  const email = config.data?.supportEmail;
  const phone = config.data?.phone;
  const badges = t('footer.badges', { returnObjects: true });

  return (
    <footer data-section="footer" className="border-t border-slate-200 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-semibold text-slate-900 dark:text-slate-100">{organisation}</p>
          <p className="mt-2">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="font-semibold text-slate-900 dark:text-slate-100">
            {t('footer.platform')}
          </h2>
          <ul className="mt-2 space-y-2">
            <li>
              <AppLink className={linkClass} to="/#services">
                {t('footer.services')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/#platform">
                {t('footer.portals')}
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="font-semibold text-slate-900 dark:text-slate-100">
            {t('footer.support')}
          </h2>
          <ul className="mt-2 space-y-2">
            <li>
              <AppLink className={linkClass} to="/docs-overview">
                {t('footer.documentation')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/training">
                {t('footer.training')}
              </AppLink>
            </li>
            {email ? (
              <>
                <li>
                  <a className={linkClass} href={`mailto:${email}?subject=${encodeURIComponent(t('footer.supportSubject'))}`}>
                    {t('footer.support247')}
                  </a>
                </li>
                <li>
                  <a className={linkClass} href={`mailto:${email}`}>
                    {t('footer.contact')}: <span dir="ltr">{email}</span>
                  </a>
                </li>
              </>
            ) : null}
            {phone ? (
              <li>
                <a className={linkClass} href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
                  {t('footer.call')} <span dir="ltr">{phone}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-semibold text-slate-900 dark:text-slate-100">
            {t('footer.legal')}
          </h2>
          <ul className="mt-2 space-y-2">
            <li>
              <AppLink className={linkClass} to="/faq">
                {t('footer.faq')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/privacy">
                {t('footer.privacy')}
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/terms">
                {t('footer.terms')}
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <p>{t('common:footer.copyright', { year: new Date().getFullYear(), organisation })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <span className="sr-only">{t('footer.compliance')}:</span>
            <ul className="flex flex-wrap gap-2" data-testid="compliance-badges">
              {textList(badges).map((badge) => (
                <li
                  key={badge}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium dark:border-slate-700"
                >
                  <BadgeCheck className="size-3.5 text-brand-700 dark:text-brand-500" aria-hidden="true" />
                  {badge}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
