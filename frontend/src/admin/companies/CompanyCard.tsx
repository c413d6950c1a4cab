import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardActions, CardContent, Chip, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { CompanyDto } from '../../../../common/api-types.js';

/** One firm in the admin grid (SPEC §2): logo or placeholder, name, description, why-choose block, website, menu. */
export function CompanyCard({ company, onEdit, onDelete }: { company: CompanyDto; onEdit: () => void; onDelete: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [logoBroken, setLogoBroken] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <Card component="article" data-testid="company-card" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
          {company.logoUrl && !logoBroken ? (
            <Box
              component="img"
              src={company.logoUrl}
              alt={`${company.name} logo`}
              onError={() => setLogoBroken(true)}
              sx={{ width: 56, height: 56, objectFit: 'contain', borderRadius: 2, bgcolor: 'background.default', flexShrink: 0 }}
            />
          ) : (
            <Box
              aria-hidden
              data-testid="logo-placeholder"
              sx={{
                width: 56,
                height: 56,
                borderRadius: 2,
                flexShrink: 0,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'background.default',
                color: 'primary.main',
                fontWeight: 700,
                fontSize: 22,
              }}
            >
              {company.name.slice(0, 1).toUpperCase()}
            </Box>
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {company.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
              {company.featured && <Chip label="#1 CHOICE" color="primary" size="small" />}
              {company.rating != null && (
                <Typography variant="body2" color="text.secondary">Rating: {company.rating.toFixed(1)} / 5</Typography>
              )}
            </Box>
          </Box>
          <IconButton
            aria-label={`Actions for ${company.name}`}
            aria-controls={anchor ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ mt: -0.5, mr: -1 }}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close}>
            <MenuItem
              onClick={() => {
                close();
                onEdit();
              }}
            >
              Edit
            </MenuItem>
            <MenuItem
              onClick={() => {
                close();
                onDelete();
              }}
              sx={{ color: 'error.main' }}
            >
              Delete
            </MenuItem>
          </Menu>
        </Box>
        {company.description && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {company.description}
          </Typography>
        )}
        {company.whyChooseUs && (
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="subtitle2" component="h3">Why Choose This Company:</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {company.whyChooseUs}
            </Typography>
          </Box>
        )}
      </CardContent>
      {company.websiteUrl && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            component="a"
            href={company.websiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="small"
            endIcon={<OpenInNewIcon fontSize="small" />}
          >
            Visit Website
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
