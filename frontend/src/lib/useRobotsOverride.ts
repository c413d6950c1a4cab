import { useEffect } from 'react';
import type { Robots } from '../../../common/seo/page-head.js';
import { overrideRobots } from './page-head.js';

/**
 * While the calling component is mounted and `robots` is set, the page's robots meta reads
 * `robots` instead of the route's (PageHead keeps honouring it); null withdraws the override.
 * Example: `useRobotsOverride(query.isError ? 'noindex' : null)`.
 */
export function useRobotsOverride(robots: Robots | null): void {
  useEffect(() => (robots ? overrideRobots(robots) : undefined), [robots]);
}
