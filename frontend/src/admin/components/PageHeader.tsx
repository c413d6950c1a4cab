import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { ArrowBackIcon } from './icons.js';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** The back link: docs/spec.md §2 gives every admin list 'Back to Dashboard' (/admin); the post pages go back to the list. */
  back?: { to: string; label: string } | false;
  /** Buttons on the right of the heading (e.g. 'New Blog Post'); they wrap under it on a phone. */
  actions?: ReactNode;
}

const TO_DASHBOARD = { to: '/admin', label: 'Back to Dashboard' };

/** A screen's back link, heading and subtitle (docs/spec.md §2); also puts the title in the AppBar. */
export function PageHeader({ title, subtitle, back = TO_DASHBOARD, actions }: PageHeaderProps) {
  return (
    <Box sx={{ mb: 2, pt: { xs: 1, md: 2 } }}>
      <Title title={title} />
      {back && (
        <Button component={Link} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>{back.label}</Button>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.125rem' } }}>{title}</Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
