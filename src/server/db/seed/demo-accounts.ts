import type { DemoAccountKind } from '../../../contracts/demo';
import type { Role } from '../../../contracts/roles';

// The demo accounts listed on the login screen (one per role plus the MFA account). They exist only when the
// database was seeded in demo mode; the passwords are public by design and listed on the login screen.
export interface DemoAccountDefinition {
  role: Role;
  kind: DemoAccountKind;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  label: string;
  mfa: boolean;
  position?: string;
  /** Doctors: the key (contracts/specialties.ts) of the specialty the seed gives them, named in their label. */
  specialty?: string;
  /** Must choose a new password at first sign-in (the change-password dialog a new doctor meets). */
  firstTimeLogin?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccountDefinition[] = [
  {
    role: 'patient',
    email: 'patient@caredeck.demo',
    password: 'Sunny-Meadow#2026',
    firstName: 'Sarah',
    lastName: 'Johnson',
    kind: 'patient',
    label: 'Patient: Sarah Johnson',
    mfa: false,
  },
  {
    role: 'doctor',
    email: 'doctor@caredeck.demo',
    password: 'Quiet-Harbor#2026',
    firstName: 'Michael',
    lastName: 'Chen',
    kind: 'doctor',
    label: 'Doctor: Dr. Michael Chen, Family Medicine',
    specialty: 'family-medicine',
    mfa: false,
  },
  {
    role: 'staff',
    email: 'staff@caredeck.demo',
    password: 'Front-Counter#2026',
    firstName: 'Emily',
    lastName: 'Rodriguez',
    kind: 'staff',
    label: 'Staff (reception): Emily Rodriguez',
    mfa: false,
    position: 'reception',
  },
  {
    role: 'admin',
    email: 'admin@caredeck.demo',
    password: 'Iron-Ledger#2026',
    firstName: 'David',
    lastName: 'Okafor',
    kind: 'admin',
    label: 'Administrator: David Okafor',
    mfa: false,
  },
  {
    role: 'doctor',
    email: 'new.doctor@caredeck.demo',
    password: 'First-Shift#2026',
    firstName: 'Lena',
    lastName: 'Fischer',
    kind: 'first-sign-in-doctor',
    label: 'Doctor at first sign-in: Dr. Lena Fischer, Pediatrics',
    specialty: 'pediatrics',
    mfa: false,
    firstTimeLogin: true,
  },
  {
    role: 'patient',
    email: 'mfa@caredeck.demo',
    password: 'Second-Lock#2026',
    firstName: 'Aisha',
    lastName: 'Haddad',
    kind: 'mfa-patient',
    label: 'Patient with two-step sign-in: Aisha Haddad',
    mfa: true,
  },
  {
    // The screen in the waiting room: it signs in to the display and sees nothing else.
    role: 'staff',
    email: 'display@caredeck.demo',
    password: 'Arrivals-Board#2026',
    firstName: 'Lobby',
    lastName: 'Screen',
    kind: 'waiting-room-display',
    label: 'Waiting-room display: Lobby Screen',
    mfa: false,
    position: 'waiting-room-display',
  },
];
