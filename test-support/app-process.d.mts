export function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }>;
export function freePort(): Promise<number>;
export function waitForHealth(
  baseUrl: string,
  options: { exited: () => number | string | null | undefined; output: () => string; onTimeout?: () => void; timeoutMs?: number },
): Promise<void>;
export function signInAdmin(baseUrl: string, credentials: { email: string; password: string }): Promise<string>;
export function signInTraderByEmail(baseUrl: string, email: string, adminCookie: string, timeoutMs?: number): Promise<string>;
export function emailLinkFromOutbox(baseUrl: string, email: string, adminCookie: string, timeoutMs?: number): Promise<string>;
