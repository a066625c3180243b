import type { TFunction } from 'i18next';
import type { Order } from '../../../../contracts/orders';
import type { ClinicalCatalogue } from '../../../lib/clinical/catalogue';

// An order's name in the reader's language: a lab panel by its LOINC code (the health catalogue's
// words), an imaging study by its catalogue key, a referral by its specialty; the server's English
// name for an order placed before the catalogue.

export function orderName(
  order: Pick<Order, 'kind' | 'code' | 'standardCode' | 'name'>,
  t: TFunction,
  catalogue: ClinicalCatalogue,
): string {
  if (order.kind === 'lab') return catalogue.lab(order.standardCode, order.name);
  if (order.code === null) return order.name;
  if (order.kind === 'imaging') return t(`orders:imaging.${order.code}`);
  return t('orders:referralTo', { specialty: t(`doctors:specialties.${order.code}`) });
}
