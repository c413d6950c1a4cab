import { accessTo, isStaff, mayCall } from './roles.js';

describe('role permissions', () => {
  it.each([
    // resource, admin, editor, user
    ['blog-posts', 'write', 'write', 'none'],
    ['media', 'write', 'write', 'none'],
    ['companies', 'write', 'read', 'none'],
    ['discounts', 'write', 'read', 'none'],
    ['firm-changes', 'write', 'read', 'none'],
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

  it('lets admins and editors into the admin, nobody else', () => {
    expect([isStaff('admin'), isStaff('editor'), isStaff('user'), isStaff(undefined)]).toEqual([true, true, false, false]);
  });
});
