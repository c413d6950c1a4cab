import { describeAdminWrite } from './admin-write.js';

describe('describeAdminWrite', () => {
  it.each([
    ['POST', '/_api/admin/blog-posts', { resource: 'blog-posts', action: 'create' }],
    ['POST', '/_api/admin/users', { resource: 'users', action: 'invite' }],
    ['POST', '/_api/admin/blog-posts/update', { resource: 'blog-posts', action: 'update' }],
    ['PUT', '/_api/admin/companies/:id', { resource: 'companies', action: 'update' }],
    ['POST', '/_api/admin/discounts/delete', { resource: 'discounts', action: 'delete' }],
    ['DELETE', '/_api/admin/discounts/:id', { resource: 'discounts', action: 'delete' }],
    ['POST', '/_api/admin/discount-checks/bulk', { resource: 'discount-checks', action: 'bulk' }],
    ['GET', '/_api/admin/newsletter-subscribers/export.csv', { resource: 'newsletter-subscribers', action: 'export' }],
    ['POST', '/_api/admin/blog-posts/:id/revisions/:revisionId/restore', { resource: 'blog-posts', action: 'restore' }],
    ['POST', '/_api/admin/blog-posts/:id/preview-link', { resource: 'blog-posts', action: 'preview-link' }],
  ])('%s %s is %j', (method, path, expected) => {
    expect(describeAdminWrite(method, path)).toEqual(expected);
  });

  it.each([
    ['GET', '/_api/admin/blog-posts'],
    ['GET', '/_api/admin/blog-posts/:id'],
    ['POST', '/_api/admin/blog-posts/:id/autosave'],
    ['POST', '/_api/blog-posts'],
    ['POST', '/_api/auth/login_with_password'],
  ])('%s %s is not logged as an admin write', (method, path) => {
    expect(describeAdminWrite(method, path)).toBeNull();
  });
});
