import { accessTo, adminRouteAction, isStaff, mayCall, mayTake } from './roles.js';

describe('role permissions', () => {
  it.each([
    // resource, admin, editor, user
    ['blog-posts', 'write', 'write', 'none'],
    ['media', 'write', 'write', 'none'],
    ['companies', 'write', 'read', 'none'],
    ['discounts', 'write', 'read', 'none'],
    ['firm-changes', 'write', 'read', 'none'],
    ['campaigns', 'write', 'write', 'none'],
    ['schedule', 'write', 'none', 'none'],
    ['discount-checks', 'write', 'none', 'none'],
    ['newsletter-subscribers', 'write', 'none', 'none'],
    ['users', 'write', 'none', 'none'],
    ['audit-log', 'write', 'none', 'none'],
    ['outbox', 'write', 'none', 'none'],
    ['jobs', 'write', 'none', 'none'],
  ])('%s: admin %s, editor %s, user %s', (resource, admin, editor, user) => {
    expect([accessTo('admin', resource), accessTo('editor', resource), accessTo('user', resource)]).toEqual([admin, editor, user]);
  });

  it('reads need read access, every other method write access', () => {
    expect(mayCall('editor', 'GET', 'companies')).toBe(true);
    expect(mayCall('editor', 'PUT', 'companies')).toBe(false);
    expect(mayCall('editor', 'POST', 'blog-posts')).toBe(true);
    expect(mayCall('editor', 'GET', 'audit-log')).toBe(false);
    expect(mayCall(undefined, 'GET', 'blog-posts')).toBe(false);
  });

  it.each([
    // method, route, editor may call
    ['GET', '/_api/admin/campaigns', true],
    ['POST', '/_api/admin/campaigns', true],
    ['GET', '/_api/admin/campaigns/:id', true],
    ['PUT', '/_api/admin/campaigns/:id', true],
    ['GET', '/_api/admin/campaigns/:id/preview', true],
    ['GET', '/_api/admin/campaigns/:id/revisions', true],
    ['POST', '/_api/admin/campaigns/:id/revisions/:revisionId/restore', true],
    ['POST', '/_api/admin/campaigns/:id/send', false],
    ['POST', '/_api/admin/campaigns/:id/test', false],
    ['POST', '/_api/admin/campaigns/:id/cancel', false],
    ['DELETE', '/_api/admin/campaigns/:id', false],
    ['GET', '/_api/admin/campaigns/digest', false],
    ['POST', '/_api/admin/campaigns/digest', false],
    ['GET', '/_api/admin/campaigns/settings', false],
    ['PUT', '/_api/admin/campaigns/settings', false],
    ['DELETE', '/_api/admin/blog-posts/:id', true],
    ['GET', '/_api/admin/companies/:id/revisions', true],
    ['POST', '/_api/admin/companies/:id/revisions/:revisionId/restore', false],
  ])('editor: %s %s → %s (admins: always)', (method, path, editor) => {
    const resource = path.split('/')[3]!;
    expect(mayCall('editor', method, resource, adminRouteAction(method, path))).toBe(editor);
    expect(mayCall('admin', method, resource, adminRouteAction(method, path))).toBe(true);
  });

  it('names the action of a route or a URL', () => {
    expect(adminRouteAction('POST', '/_api/admin/campaigns/12/send')).toBe('send');
    expect(adminRouteAction('POST', '/_api/admin/campaigns/:id/send?x=1')).toBe('send');
    expect(adminRouteAction('PUT', '/_api/admin/campaigns/12')).toBeUndefined();
    expect(adminRouteAction('DELETE', '/_api/admin/campaigns/12')).toBe('delete');
    expect([mayTake('editor', 'campaigns', 'send'), mayTake('admin', 'campaigns', 'send'), mayTake('editor', 'users', 'x')]).toEqual([false, true, false]);
  });

  it('lets admins and editors into the admin, nobody else', () => {
    expect([isStaff('admin'), isStaff('editor'), isStaff('user'), isStaff(undefined)]).toEqual([true, true, false, false]);
  });
});
