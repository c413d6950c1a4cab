import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import EmailIcon from '@mui/icons-material/Email';
import HistoryIcon from '@mui/icons-material/History';
import OutboxIcon from '@mui/icons-material/Outbox';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactNode } from 'react';
import { Layout, Menu, useSidebarState } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The admin menu. 'View site' leaves the admin, so it is a plain link: as a react-admin menu item its path
 * '/' would match every admin page and always look selected; only the current screen's item is highlighted.
 */
function AdminMenu() {
  const [open] = useSidebarState();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/admin/companies" primaryText="Companies" leftIcon={<BusinessIcon />} />
      <Menu.Item to="/admin/firm-changes" primaryText="Firm changelog" leftIcon={<HistoryIcon />} />
      <Menu.Item to="/admin/discounts" primaryText="Discounts" leftIcon={<LocalOfferIcon />} />
      <Menu.Item to="/admin/blog-posts" primaryText="Blog Posts" leftIcon={<ArticleIcon />} />
      <Menu.Item to="/admin/newsletter" primaryText="Newsletter" leftIcon={<EmailIcon />} />
      <Menu.Item to="/admin/outbox" primaryText="Outbox" leftIcon={<OutboxIcon />} />
      <MenuItem component={Link} to="/" sx={{ color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}><OpenInNewIcon fontSize="small" /></ListItemIcon>
        {open && <ListItemText>View site</ListItemText>}
      </MenuItem>
    </Menu>
  );
}

/** react-admin's layout; each screen puts its title in the AppBar through `<Title>` (PageHeader does). */
export function AdminLayout({ children }: { children: ReactNode }) {
  return <Layout menu={AdminMenu}>{children}</Layout>;
}
