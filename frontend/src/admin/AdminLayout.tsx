import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import EmailIcon from '@mui/icons-material/Email';
import HistoryIcon from '@mui/icons-material/History';
import OutboxIcon from '@mui/icons-material/Outbox';
import SendIcon from '@mui/icons-material/Send';
import PaymentsIcon from '@mui/icons-material/Payments';
import GavelIcon from '@mui/icons-material/Gavel';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import GroupIcon from '@mui/icons-material/Group';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import TuneIcon from '@mui/icons-material/Tune';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, UserMenu, useGetIdentity, useSidebarState } from 'react-admin';
import { Link } from 'react-router-dom';
import { accessTo } from '../../../common/roles.js';
import { useSession } from '../lib/session.js';
import { useMayTake } from './components/access.js';

/**
 * The admin menu. 'View site' leaves the admin, so it is a plain link: as a react-admin menu item its path
 * '/' would match every admin page and always look selected; only the current screen's item is highlighted.
 */
function AdminMenu() {
  const [open] = useSidebarState();
  const session = useSession();
  // Only what the person's role may open (common/roles.ts); the server refuses the rest anyway.
  const can = (resource: string) => accessTo(session.status === 'authenticated' ? session.user.role : undefined, resource) !== 'none';
  // Editors draft campaigns, but the newsletter's settings are an admin's (an admin-only action of campaigns).
  const mayChangeSettings = useMayTake('campaigns', 'settings');
  return (
    <Menu>
      <Menu.DashboardItem />
      {can('companies') && <Menu.Item to="/admin/companies" primaryText="Companies" leftIcon={<BusinessIcon />} />}
      {can('firm-changes') && <Menu.Item to="/admin/firm-changes" primaryText="Firm changelog" leftIcon={<HistoryIcon />} />}
      {can('discounts') && <Menu.Item to="/admin/discounts" primaryText="Discounts" leftIcon={<LocalOfferIcon />} />}
      {can('blog-posts') && <Menu.Item to="/admin/blog-posts" primaryText="Blog Posts" leftIcon={<ArticleIcon />} />}
      {can('newsletter-subscribers') && <Menu.Item to="/admin/newsletter" primaryText="Newsletter" leftIcon={<EmailIcon />} />}
      {can('campaigns') && <Menu.Item to="/admin/campaigns" primaryText="Campaigns" leftIcon={<SendIcon />} />}
      {can('newsletter-privacy') && <Menu.Item to="/admin/newsletter-privacy" primaryText="Subscriber privacy" leftIcon={<PrivacyTipIcon />} />}
      {mayChangeSettings && <Menu.Item to="/admin/newsletter-settings" primaryText="Newsletter settings" leftIcon={<TuneIcon />} />}
      {can('outbox') && <Menu.Item to="/admin/outbox" primaryText="Outbox" leftIcon={<OutboxIcon />} />}
      {can('jobs') && <Menu.Item to="/admin/jobs" primaryText="Failed jobs" leftIcon={<ErrorOutlineIcon />} />}
      {can('payout-reports') && <Menu.Item to="/admin/payout-reports" primaryText="Payout reports" leftIcon={<PaymentsIcon />} />}
      {can('payout-claims') && <Menu.Item to="/admin/payout-claims" primaryText="Payout claims" leftIcon={<GavelIcon />} />}
      {can('audit-log') && <Menu.Item to="/admin/audit-log" primaryText="Audit log" leftIcon={<ManageSearchIcon />} />}
      {can('users') && <Menu.Item to="/admin/users" primaryText="Users" leftIcon={<GroupIcon />} />}
      <MenuItem component={Link} to="/" sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}><OpenInNewIcon fontSize="small" /></ListItemIcon>
        {open && <ListItemText>View site</ListItemText>}
      </MenuItem>
    </Menu>
  );
}

/**
 * The user menu's button shows the admin's name; its accessible name starts with that name (react-admin's is
 * 'Profile', which a voice-control user saying what they see could not match: axe label-content-name-mismatch).
 */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu'} />;
}

function AdminAppBar() {
  return <AppBar userMenu={<AdminUserMenu />} />;
}

/** react-admin's layout; each screen puts its title in the AppBar through `<Title>` (PageHeader does). */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      menu={AdminMenu}
      appBar={AdminAppBar}
      // On a phone react-admin's create buttons float over the bottom right corner: room below the last row, so
      // its menu can be scrolled out from under the "+".
      sx={{ '& .RaLayout-content': { pb: { xs: 11, md: 2 } } }}
    >
      {children}
    </Layout>
  );
}
