import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { loginPathFor } from '../../../common/login-path.js';
import { queryClient } from '../lib/query-client.js';
import { useSession } from '../lib/session.js';
import { isStaff } from '../../../common/roles.js';
import { AccessDenied } from './AccessDenied.js';
import { AdminLayout } from './AdminLayout.js';
import { authProvider } from './authProvider.js';
import auditLog from './audit/index.js';
import blogPosts from './blog-posts/index.js';
import companies, { FirmProfileEdit } from './companies/index.js';
import firmChanges from './firm-changes/index.js';
import { Dashboard } from './Dashboard.js';
import { dataProvider } from './dataProvider.js';
import { i18nProvider } from './i18n.js';
import discounts from './discounts/index.js';
import { NewsletterList } from './newsletter/NewsletterList.js';
import outbox from './outbox/index.js';
import campaigns from './campaigns/index.js';
import users from './users/index.js';
import { NewsletterSettings } from './campaigns/NewsletterSettings.js';
import jobs from './jobs/index.js';
import { NewsletterPrivacy } from './newsletter/NewsletterPrivacy.js';
import payoutClaims from './payout-claims/index.js';
import payoutReports from './payout-reports/index.js';
import { SonnerNotification } from './components/SonnerNotification.js';
import { refreshPublicQueriesAfterAdminMutations } from './query-sync.js';
import { adminTheme } from './theme.js';
import '../site/site.css';

refreshPublicQueriesAfterAdminMutations(queryClient);

/**
 * The admin entry (lazy chunk: visitors never download react-admin or MUI). docs/spec.md §6 on the client:
 * /login when signed out, Access Denied without the admin role; the server guards every call anyway.
 * Routes follow docs/spec.md §2: /admin, /admin/companies, /admin/discounts, /admin/blog-posts (+ /new,
 * /:id/edit) and /admin/newsletter. Each resource is a folder whose index.ts gives its views (one file per view:
 * List, Create, Edit, Show), as in react-admin's demo.
 */
export default function AdminApp() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <div className="container section"><div className="card skeleton" /></div>;
  if (session.status === 'unauthenticated') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  const { user } = session;
  // Admins and editors (issue #20); what each may do is common/roles.ts, enforced by the server.
  if (!isStaff(user.role)) return <AccessDenied role={user.role} />;
  return (
    <Admin
      basename="/admin"
      dataProvider={dataProvider}
      // The site's client: an admin change refreshes the public lists this tab holds (query-sync.ts).
      queryClient={queryClient}
      notification={SonnerNotification}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={AdminLayout}
      // Dark only (docs/spec.md §1): without a second theme react-admin shows no light/dark toggle.
      theme={adminTheme}
      title="Verified Trader Funding Admin"
      disableTelemetry
    >
      <Resource name="companies" {...companies}>
        <Route path=":id/profile" element={<FirmProfileEdit />} />
      </Resource>
      <Resource name="firm-changes" {...firmChanges} />
      <Resource name="discounts" {...discounts} />
      {/* docs/spec.md §2's paths (/new, /:id/edit) beside react-admin's own (/create, /:id), which stay valid. */}
      <Resource name="blog-posts" {...blogPosts}>
        <Route path="new" element={<blogPosts.create />} />
        <Route path=":id/edit" element={<blogPosts.edit />} />
      </Resource>
      <Resource name="newsletter-subscribers" />
      <Resource name="campaigns" {...campaigns} />
      <Resource name="outbox" {...outbox} />
      <Resource name="jobs" {...jobs} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="users" {...users} />
      <Resource name="payout-reports" {...payoutReports} />
      <Resource name="payout-claims" {...payoutClaims} />
      <CustomRoutes>
        <Route path="/newsletter" element={<NewsletterList />} />
        <Route path="/newsletter-settings" element={<NewsletterSettings />} />
        <Route path="/newsletter-privacy" element={<NewsletterPrivacy />} />
      </CustomRoutes>
    </Admin>
  );
}
