import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '../../common/constants.js';
import { PageHead } from './lib/PageHead.js';
import { queryClient } from './lib/query-client.js';
import { SiteLayout } from './site/layout/SiteLayout.js';
import { HomePage } from './site/pages/HomePage.js';
import { NotFoundPage } from './site/pages/NotFoundPage.js';
import './site/site.css';

// The admin area is its own chunk: visitors never download it.
const AdminApp = lazy(() => import('./admin/AdminApp.js'));
// The sign-in form brings zod and react-hook-form; public pages do not need them.
const LoginPage = lazy(() => import('./site/pages/LoginPage.js').then((m) => ({ default: m.LoginPage })));
const DiscountsPage = lazy(() => import('./site/pages/DiscountsPage.js').then((m) => ({ default: m.DiscountsPage })));
// The blog pages (and date-fns) load when a visitor opens the blog.
const BlogListPage = lazy(() => import('./site/pages/blog/BlogListPage.js').then((m) => ({ default: m.BlogListPage })));
const BlogPostPage = lazy(() => import('./site/pages/blog/BlogPostPage.js').then((m) => ({ default: m.BlogPostPage })));
const AboutPage = lazy(() => import('./site/pages/AboutPage.js').then((m) => ({ default: m.AboutPage })));
const UnsubscribePage = lazy(() => import('./site/pages/UnsubscribePage.js').then((m) => ({ default: m.UnsubscribePage })));

document.documentElement.classList.add('dark');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* Title, description, canonical, robots, social tags and JSON-LD follow the route (admin included). */}
        <PageHead />
        <Routes>
          <Route path="/admin/*" element={<Suspense fallback={null}><AdminApp /></Suspense>} />
          <Route element={<SiteLayout />}>
            <Route index element={<HomePage />} />
            <Route path="discounts" element={<Suspense fallback={null}><DiscountsPage /></Suspense>} />
            <Route path="about" element={<Suspense fallback={null}><AboutPage /></Suspense>} />
            <Route path="newsletter/unsubscribe" element={<Suspense fallback={null}><UnsubscribePage /></Suspense>} />
            <Route path="login" element={<Suspense fallback={null}><LoginPage /></Suspense>} />
            <Route path="blog" element={<Suspense fallback={null}><BlogListPage /></Suspense>} />
            <Route path="blog/news" element={<Suspense fallback={null}><BlogListPage key="news" category="news" /></Suspense>} />
            <Route path="blog/guides" element={<Suspense fallback={null}><BlogListPage key="guide" category="guide" /></Suspense>} />
            <Route path="blog/reviews" element={<Suspense fallback={null}><BlogListPage key="review" category="review" /></Suspense>} />
            <Route path="blog/:slug" element={<Suspense fallback={null}><BlogPostPage /></Suspense>} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
      <Toaster theme="dark" duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} richColors />
    </QueryClientProvider>
  </StrictMode>,
);
