import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';

function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/admin/companies" primaryText="Companies" />
      <Menu.Item to="/admin/discounts" primaryText="Discounts" />
      <Menu.Item to="/admin/blog-posts" primaryText="Blog Posts" />
      <Menu.Item to="/admin/newsletter" primaryText="Newsletter" />
      <Menu.Item to="/" primaryText="View site" />
    </Menu>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return <Layout menu={AdminMenu}>{children}</Layout>;
}
