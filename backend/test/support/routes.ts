import type { TestApp } from './test-app.js';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route Nest registered, read from Express's own router. */
export function registeredRoutes(t: TestApp): Array<{ method: string; path: string }> {
  const express = t.app.getHttpAdapter().getInstance() as { router?: { stack: RouteLayer[] }; _router?: { stack: RouteLayer[] } };
  const stack = (express.router ?? express._router)!.stack;
  return stack
    .filter((l) => l.route)
    .flatMap((l) => Object.keys(l.route!.methods).filter((m) => m !== '_all').map((method) => ({ method, path: l.route!.path })));
}

/** The admin routes (under /_api/admin, whatever the case). */
export function adminRoutes(t: TestApp): Array<{ method: string; path: string }> {
  return registeredRoutes(t).filter((r) => r.path.toLowerCase().startsWith('/_api/admin'));
}

/** A route path with its parameters filled in (`:id` → 1). */
export const concretePath = (path: string): string => path.replace(/:\w+/g, '1');
