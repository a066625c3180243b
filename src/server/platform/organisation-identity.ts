import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { organisationSettings } from '../db/schema';

// Who the organisation is, for the text the server writes itself: emails, the authenticator app's
// issuer. It is the admin's organisation settings once saved, and the configuration
// (ORGANISATION_NAME, SUPPORT_EMAIL) until then, so a fresh install still signs its mail.

export interface OrganisationIdentity {
  name: string;
  supportEmail: string;
}

export interface OrganisationIdentitySource {
  current(): Promise<OrganisationIdentity>;
  /** Called when the settings change, so the next mail carries the new name at once. */
  forget(): void;
}

/** A mail burst (a list of invitations) reads the settings once, not once per message. */
const CACHE_MS = 10_000;

export function organisationIdentitySource(
  db: Database,
  config: Pick<AppConfig, 'organisationName' | 'supportEmail'>,
  now: () => number = Date.now,
): OrganisationIdentitySource {
  let cached: { value: OrganisationIdentity; at: number } | undefined;
  return {
    async current() {
      if (cached && now() - cached.at < CACHE_MS) return cached.value;
      const [row] = await db
        .select({ name: organisationSettings.name, supportEmail: organisationSettings.supportEmail })
        .from(organisationSettings)
        .limit(1);
      const value = row ?? { name: config.organisationName, supportEmail: config.supportEmail };
      cached = { value, at: now() };
      return value;
    },
    forget() {
      cached = undefined;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    organisationIdentity: OrganisationIdentitySource;
  }
}

export function registerOrganisationIdentity(app: FastifyInstance): void {
  app.decorate('organisationIdentity', organisationIdentitySource(app.db, app.config));
}
