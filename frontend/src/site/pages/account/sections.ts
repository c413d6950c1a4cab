/**
 * The /account page's sections, in page order. A new section is its own component in this folder, added here (and,
 * when it needs data on first paint, its query added to ACCOUNT_QUERIES in account-queries.ts).
 */
import type { ComponentType } from 'react';
import { DeleteAccountSection } from './DeleteAccountSection.js';
import { FollowsSection } from './FollowsSection.js';
import { MyClaimsSection } from './MyClaimsSection.js';
import { MyReportsSection } from './MyReportsSection.js';
import { SignOutSection } from './SignOutSection.js';

export interface AccountSection {
  /** Unique; also the section's element id (a link can point at /account#claims). */
  id: string;
  Section: ComponentType;
}

export const ACCOUNT_SECTIONS: AccountSection[] = [
  { id: 'reports', Section: MyReportsSection },
  { id: 'claims', Section: MyClaimsSection },
  { id: 'follows', Section: FollowsSection },
  { id: 'sign-out', Section: SignOutSection },
  { id: 'delete', Section: DeleteAccountSection },
];
