import { createAdmin } from '../src/cli/admin-create.command.js';
import { createDatabase, startTestApp, testConfig, type TestApp } from './support/test-app.js';
import { tempDir, type TempDir } from './support/temp-dir.js';

describe('npm run admin:create', () => {
  let t: TestApp;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: TempDir;
  beforeAll(async () => {
    dataDir = tempDir('vtf-admin-create-');
    db = await createDatabase();
    t = await startTestApp({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
    dataDir.remove();
  });

  it('creates an admin with a random password that can sign in and use admin calls', async () => {
    const result = await createAdmin(testConfig({ databaseUrl: db.url, dataDir: dataDir.path }), 'New.Admin@Example.com', 'New Admin');
    expect(result).toMatchObject({ email: 'new.admin@example.com', created: true });
    expect(result.password.length).toBeGreaterThanOrEqual(16);
    const agent = await t.signedIn({ email: 'new.admin@example.com', password: result.password });
    const me = await agent.get('/_api/auth/session').expect(200);
    expect(me.body.user).toMatchObject({ displayName: 'New Admin', role: 'admin' });
    await agent.get('/_api/admin/companies').expect(200);
  });

  it('promotes an existing user and replaces the password', async () => {
    await t.createUser('member@example.com', 'old-password', 'user');
    const result = await createAdmin(testConfig({ databaseUrl: db.url, dataDir: dataDir.path }), 'member@example.com', undefined, 'chosen-password');
    expect(result.created).toBe(false);
    await t.http().post('/_api/auth/login_with_password').send({ email: 'member@example.com', password: 'old-password' }).expect(401);
    const agent = await t.signedIn({ email: 'member@example.com', password: 'chosen-password' });
    await agent.get('/_api/admin/companies').expect(200);
  });
});
