import type { Role } from '../../../contracts/roles';

// The demo accounts listed on the login screen (one per role plus the MFA account). They exist only when the
// database was seeded in demo mode; the passwords are public by design and listed on the login screen.
export interface DemoAccountDefinition {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  label: string;
  mfa: boolean;
  position?: string;
  /** Must choose a new password at first sign-in (the change-password dialog a new doctor meets). */
  firstTimeLogin?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccountDefinition[] = [
  {
    role: 'patient',
    email: 'patient@caredeck.demo',
    password: 'Patient#2026',
    firstName: 'Sarah',
    lastName: 'Johnson',
    label: 'Patient',
    mfa: false,
  },
  {
    role: 'doctor',
    email: 'doctor@caredeck.demo',
    password: 'Doctor#2026',
    firstName: 'Michael',
    lastName: 'Chen',
    label: 'Doctor',
    mfa: false,
  },
  {
    role: 'staff',
    email: 'staff@caredeck.demo',
    password: 'Staff#2026',
    firstName: 'Emily',
    lastName: 'Rodriguez',
    label: 'Staff (reception)',
    mfa: false,
    position: 'reception',
  },
  {
    role: 'admin',
    email: 'admin@caredeck.demo',
    password: 'Admin#2026',
    firstName: 'David',
    lastName: 'Okafor',
    label: 'Administrator',
    mfa: false,
  },
  {
    role: 'doctor',
    email: 'new.doctor@caredeck.demo',
    password: 'Welcome#2026',
    firstName: 'Lena',
    lastName: 'Fischer',
    label: 'Doctor (first sign-in)',
    mfa: false,
    firstTimeLogin: true,
  },
  {
    role: 'patient',
    email: 'mfa@caredeck.demo',
    password: 'Secure#2026',
    firstName: 'Aisha',
    lastName: 'Haddad',
    label: 'Patient with MFA',
    mfa: true,
  },
];
