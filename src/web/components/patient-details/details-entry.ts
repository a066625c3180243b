import { REQUIRED_MARKER } from './required-marker';

/**
 * Who types the details. `own`: the patient, about themselves, so the browser may fill them in
 * (autocomplete tokens) and required fields carry the star the wizard explains. `desk`: staff about
 * someone in front of them, so the browser must not offer the staff member's own details, and the
 * whole registration is one screen, so the lists take fewer lines.
 */
export type DetailsEntry = 'own' | 'desk';

export function entryOptions(entry: DetailsEntry) {
  const own = entry === 'own';
  return {
    /** A text input's autocomplete: the patient's own token (none for some), "off" at the desk. */
    fill: (token?: string) => (own ? token : 'off'),
    marker: own ? REQUIRED_MARKER : undefined,
    listRows: own ? 3 : 2,
    own,
  };
}
