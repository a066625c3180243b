import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathForView } from '../../../../contracts/views';
import { buttonClasses } from '../../../components/ui/button';
import { NoteList } from '../components/note-list';
import { ViewHeader } from '../components/view-header';

/** The doctor's visit notes: the notes written for a visit, unsigned first. */
export function DoctorVisitNotesPage() {
  const { t } = useTranslation('notes');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <ViewHeader
        title={t('visits.title')}
        intro={t('visits.intro')}
        actions={
          <Link to={pathForView('clinical-notes')} className={buttonClasses('secondary')}>
            {t('visits.start')}
          </Link>
        }
      />
      <NoteList kind="visit" emptyTitle={t('visits.empty')} emptyBody={t('visits.emptyBody')} />
    </div>
  );
}
