import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { loginPathFor } from '../../../common/login-form.js';
import { queryClient } from '../lib/query-client.js';
import { useSession } from '../lib/session.js';
import { isStaff } from '../../../common/roles.js';
import { AccessDenied } from './AccessDenied.js';
import { AdminLayout } from './AdminLayout.js';
import { authProvider } from './authProvider.js';
import { AuditLogList } from './audit/AuditLogList.js';
import { BlogPostCreate } from './blog-posts/BlogPostCreate.js';
import { BlogPostEdit } from './blog-posts/BlogPostEdit.js';
import { BlogPostList } from './blog-posts/BlogPostList.js';
import { CompanyList } from './companies/CompanyList.js';
import { FirmChangeCreate, FirmChangeEdit, FirmChangeList } from './firms/FirmChanges.js';
import { FirmProfileEdit } from './firms/FirmProfileEdit.js';
import { Dashboard } from './Dashboard.js';
import { dataProvider } from './dataProvider.js';
import { i18nProvider } from './i18n.js';
import { DiscountList } from './discounts/DiscountList.js';
import { NewsletterList } from './newsletter/NewsletterList.js';
import { OutboxList, OutboxShow } from './mail/Outbox.js';
import { CampaignCreate, CampaignEdit, CampaignList } from './campaigns/Campaigns.js';
import { UserEdit, UserInvite, UserList } from './users/Users.js';
import { NewsletterSettings } from './campaigns/NewsletterSettings.js';
import { JobList } from './jobs/Jobs.js';
import { NewsletterPrivacy } from './newsletter/NewsletterPrivacy.js';
import { PayoutClaimEdit, PayoutClaimList, PayoutReportEdit, PayoutReportList } from './payouts/Payouts.js';
import { SonnerNotification } from './components/SonnerNotification.js';
import { refreshPublicQueriesAfterAdminMutations } from './query-sync.js';
import { adminTheme } from './theme.js';
import '../site/site.css';

refreshPublicQueriesAfterAdminMutations(queryClient);

/**
 * The admin entry (lazy chunk: visitors never download react-admin or MUI). docs/spec.md §6 on the client:
 * /login when signed out, Access Denied without the admin role; the server guards every call anyway.
 * Routes follow docs/spec.md §2: /admin, /admin/companies, /admin/discounts, /admin/blog-posts (+ /new,
 * /:id/edit) and /admin/newsletter.
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
      <Resource name="companies" list={CompanyList}>
        <Route path=":id/profile" element={<FirmProfileEdit />} />
      </Resource>
      <Resource name="firm-changes" list={FirmChangeList} create={FirmChangeCreate} edit={FirmChangeEdit} />
      <Resource name="discounts" list={DiscountList} />
      {/* docs/spec.md §2's paths (/new, /:id/edit) beside react-admin's own (/create, /:id), which stay valid. */}
      <Resource name="blog-posts" list={BlogPostList} create={BlogPostCreate} edit={BlogPostEdit}>
        <Route path="new" element={<BlogPostCreate />} />
        <Route path=":id/edit" element={<BlogPostEdit />} />
      </Resource>
      <Resource name="newsletter-subscribers" />
      <Resource name="campaigns" list={CampaignList} create={CampaignCreate} edit={CampaignEdit} />
      <Resource name="outbox" list={OutboxList} show={OutboxShow} />
      <Resource name="jobs" list={JobList} />
      <Resource name="audit-log" list={AuditLogList} />
      <Resource name="users" list={UserList} create={UserInvite} edit={UserEdit} />
      <Resource name="payout-reports" list={PayoutReportList} edit={PayoutReportEdit} />
      <Resource name="payout-claims" list={PayoutClaimList} edit={PayoutClaimEdit} />
      <CustomRoutes>
        <Route path="/newsletter" element={<NewsletterList />} />
        <Route path="/newsletter-settings" element={<NewsletterSettings />} />
        <Route path="/newsletter-privacy" element={<NewsletterPrivacy />} />
      </CustomRoutes>
    </Admin>
  );
}
