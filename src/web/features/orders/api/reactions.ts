import { ordersApi } from '../../../../contracts/orders';
import { routeMatcher } from '../../../lib/api-routes';
import { field, type ReactionTable } from '../../../lib/realtime/feature-reactions';

// An order placed, collected, resulted, released or cancelled (by this doctor in another tab, or by a
// colleague entering results) refreshes the orders lists and that patient's orders.
export const ordersReactions: ReactionTable = {
  lab_order_update: (message) => [
    routeMatcher(ordersApi.list),
    routeMatcher(ordersApi.forPatient, { id: field(message, 'patientId') }),
    routeMatcher(ordersApi.detail, { id: field(message, 'orderId') }),
  ],
};
