import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const OrdersPage = lazyView(() => import('./pages/orders-page').then((m) => m.OrdersPage), ['orders', 'health', 'doctors', 'validation']);

/** The signed-in view `orders`; mounted by app/router.tsx for doctors. */
export const ordersRoutes: RouteObject[] = [{ path: 'orders', element: <OrdersPage /> }];
