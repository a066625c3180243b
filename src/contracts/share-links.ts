import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';
import { sharedMedicationSchema } from './shared-medication';

// Links a patient creates to show part of their record to someone without an
// account (the public view /shared/medication/{token}). Only "medications" can be shared so far.

export const SHARE_LINK_SCOPES = ['medications'] as const;
export type ShareLinkScope = (typeof SHARE_LINK_SCOPES)[number];

/** The lifetimes a patient may choose: 1 hour, 1 day, 7 days. */
export const SHARE_LINK_EXPIRY_HOURS = [1, 24, 168] as const;
export type ShareLinkExpiryHours = (typeof SHARE_LINK_EXPIRY_HOURS)[number];

export const createShareLinkRequestSchema = z
  .object({
    scope: z.enum(SHARE_LINK_SCOPES, 'choice.invalid'),
    expiresInHours: z.literal(SHARE_LINK_EXPIRY_HOURS, 'choice.invalid'),
  })
  .strict();
export type CreateShareLinkRequest = z.infer<typeof createShareLinkRequestSchema>;

/** The answer to a creation: the only time the link (its token) is ever shown. */
export const createdShareLinkSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** An active link as its owner sees it later: never the token (only its hash is kept). */
export const shareLinkSchema = z.object({
  id: z.uuid(),
  scope: z.enum(SHARE_LINK_SCOPES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  openCount: z.number().int().min(0),
  lastOpenedAt: z.iso.datetime().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListResponseSchema = z.object({ data: z.array(shareLinkSchema) });
export type ShareLinkListResponse = z.infer<typeof shareLinkListResponseSchema>;

/** What the public page path looks like, on the server (logs, headers) and the web. */
export const SHARED_MEDICATION_PATH = '/shared/medication/';

/**
 * A patient's own share links (no id of theirs in the path: each acts for themselves), and the
 * public opening of one by its token. An unknown, expired or revoked link answers the same 404.
 */
export const shareLinksApi = {
  create: defineRoute({
    method: 'POST',
    path: '/api/share-links',
    body: createShareLinkRequestSchema,
    response: createdShareLinkSchema,
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/share-links',
    response: shareLinkListResponseSchema,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/share-links/:id',
    params: idParamsSchema,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  open: defineRoute({
    method: 'GET',
    path: '/api/shared/medication/:token',
    params: z.object({ token: z.string().max(200) }),
    response: sharedMedicationSchema,
    errors: ['NOT_FOUND'],
  }),
};
