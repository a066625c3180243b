import { defineRoute, idParamsSchema } from './http';
import { profileUpdateResponseSchema, profileUpdateSchema } from './profile';
import { userSettingsResponseSchema, userSettingsUpdateSchema } from './user-settings';
import { EARLY_ROUTES } from './early-routes';

// The signed-in user's own settings and profile. Anyone else's id on the profile answers 404,
// like a missing one.
export const usersApi = {
  settings: defineRoute({
    ...EARLY_ROUTES.userSettings,
    response: userSettingsResponseSchema,
  }),
  updateSettings: defineRoute({
    ...EARLY_ROUTES.updateUserSettings,
    body: userSettingsUpdateSchema,
    response: userSettingsResponseSchema,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/user/profile/:id',
    params: idParamsSchema,
    body: profileUpdateSchema,
    response: profileUpdateResponseSchema,
    errors: ['NOT_FOUND'],
  }),
};
