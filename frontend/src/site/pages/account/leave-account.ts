import { createContext, useContext } from 'react';

/**
 * Lets a section end the visit on purpose (sign out, delete) without the page sending the reader to sign in.
 * Its own module: the sections use it and the page provides it, so neither imports the other.
 */
export const LeaveContext = createContext<(to: string) => void>(() => undefined);
export const useLeaveAccount = () => useContext(LeaveContext);
