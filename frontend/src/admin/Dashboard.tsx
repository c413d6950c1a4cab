import { Avatar, Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useLogout } from 'react-admin';
import { DemotedCard, HeldReportsCard, NeedsCheckCard } from './discounts/NeedsCheckCard.js';
import { RetestFlags } from './firms/RetestFlags.js';
import { ScheduleCard } from './publishing/ScheduleCard.js';
import { OverdueClaimsCard } from './payouts/OverdueClaimsCard.js';
import { accessTo } from '../../../common/roles.js';
import { useSession } from '../lib/session.js';

const SECTIONS = [
  { to: '/admin/companies', resource: 'companies', title: 'Companies', text: 'Add, edit, or remove trader funding companies.' },
  { to: '/admin/discounts', resource: 'discounts', title: 'Discounts', text: 'Create, update, or delete discount offers.' },
  { to: '/admin/blog-posts', resource: 'blog-posts', title: 'Blog Posts', text: 'Create, edit, and manage your blog content.' },
  { to: '/admin/newsletter', resource: 'newsletter-subscribers', title: 'Newsletter', text: 'View, manage, and export your subscriber list.' },
];

/** /admin (docs/spec.md §2): the signed-in user and a card per admin screen. */
export function Dashboard() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const session = useSession();
  const role = session.status === 'authenticated' ? session.user.role : undefined;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }}>
      <Title title="Admin Dashboard" />
      <Typography variant="h4" component="h1" gutterBottom>Admin Dashboard</Typography>
      {identity && (
        <Card sx={{ mb: 3 }}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Avatar src={identity.avatar} alt="">{String(identity.fullName ?? '?').slice(0, 1)}</Avatar>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="h6" component="p">{identity.fullName}</Typography>
              <Typography color="text.secondary">{identity.email as string}</Typography>
              <Typography variant="overline" color="primary">{String(identity.role ?? '').toUpperCase()}</Typography>
            </Box>
            <Button variant="outlined" onClick={() => logout()}>Logout</Button>
          </CardContent>
        </Card>
      )}
      {accessTo(role, 'schedule') !== 'none' && <ScheduleCard />}
      <DemotedCard />
      <NeedsCheckCard />
      <HeldReportsCard />
      <RetestFlags />
      {accessTo(role, 'payout-claims') !== 'none' && <OverdueClaimsCard />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {SECTIONS.filter((s) => accessTo(role, s.resource) !== 'none').map((s) => (
          <Card key={s.to}>
            <CardActionArea component={Link} to={s.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2">{s.title}</Typography>
                <Typography color="text.secondary">{s.text}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
