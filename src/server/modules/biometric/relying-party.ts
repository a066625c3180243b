import type { AppConfig } from '../../config';

/** Who we are to an authenticator: the WebAuthn relying party. */
export interface RelyingParty {
  /** The RP ID: the host name of PUBLIC_URL. A passkey is bound to it for life. */
  id: string;
  name: string;
  /** Origins a ceremony may come from. */
  origins: string[];
}

/** Vite's dev server (scripts/dev.mjs) serves the SPA on its own port and proxies /api here. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

export function relyingPartyFor(config: Pick<AppConfig, 'publicUrl' | 'organisationName' | 'env'>): RelyingParty {
  const url = new URL(config.publicUrl);
  const origins = [url.origin];
  if (config.env === 'development' && url.hostname === 'localhost') origins.push(VITE_DEV_ORIGIN);
  return { id: url.hostname, name: config.organisationName, origins };
}
