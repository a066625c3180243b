import { useTranslation } from 'react-i18next';
import { specialtyByName } from '../../../contracts/doctors';

/** Doctor records store the English specialty name; people read it in their language. */
export function useSpecialtyLabel(): (name: string) => string {
  const { t } = useTranslation('doctors');
  return (name) => {
    const known = specialtyByName(name);
    return known ? t(`specialties.${known.key}`) : name;
  };
}
