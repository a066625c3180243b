import { ShieldCheck, Stethoscope, UserRound, UsersRound, type LucideIcon } from 'lucide-react';

/** The four portals, one per role, in the order the landing page shows them. */
export const PORTALS: readonly { key: 'patient' | 'doctor' | 'staff' | 'admin'; icon: LucideIcon }[] = [
  { key: 'patient', icon: UserRound },
  { key: 'doctor', icon: Stethoscope },
  { key: 'staff', icon: UsersRound },
  { key: 'admin', icon: ShieldCheck },
];
