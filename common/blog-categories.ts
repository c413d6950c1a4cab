/**
 * docs/design.md §7 "Category links": SPEC's category values are singular, its list routes
 * plural; `general` has no route of its own and goes to the filtered blog list.
 */
import type { BlogCategory } from './enums.js';

const CATEGORY_ROUTES: Record<BlogCategory, string> = {
  review: '/blog/reviews',
  guide: '/blog/guides',
  news: '/blog/news',
  general: '/blog?category=general',
};

/** Where a category link goes. */
export function blogCategoryPath(category: BlogCategory): string {
  return CATEGORY_ROUTES[category];
}

/** The category a list route such as `/blog/reviews` shows, or undefined for any other path. */
export function blogCategoryFromPath(path: string): BlogCategory | undefined {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return (Object.keys(CATEGORY_ROUTES) as BlogCategory[]).find(
    (category) => !CATEGORY_ROUTES[category].includes('?') && CATEGORY_ROUTES[category] === clean,
  );
}

/** Display label of a category, capitalised as the cards show it (docs/spec.md §2 "Blog list"). */
export function blogCategoryLabel(category: BlogCategory): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
