import type { FastifyPluginAsync } from 'fastify';
import { waitingRoomApi } from '../../../contracts/waiting-room';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { WaitingRoomService } from './waiting-room.service';

// The waiting-room display: the display-only account (appointments.queue.display), staff who run
// the clinic's day (appointments.view.all), and admins. Patients and doctors never reach it.
const ACCESS: RouteAccess = { roles: ['staff', 'admin'], permissions: { anyOf: ['appointments.queue.display', 'appointments.view.all'] } };

export const waitingRoomRoutes: FastifyPluginAsync<{ waitingRoom: WaitingRoomService }> = async (app, { waitingRoom }) => {
  route(app, waitingRoomApi.board, { access: ACCESS }, async (request) => ({ data: await waitingRoom.board(request.ctx) }));
};
