import type { CompanyDto } from '../../../../common/api-types.js';

interface FirmLogoProps {
  company: Pick<CompanyDto, 'name' | 'logoUrl' | 'logoBackground'>;
  size: number;
  className?: string;
  /** Above the fold: fetched with the page, not after the visitor's first screen. */
  priority?: boolean;
}

/**
 * A firm's logo in a box of its size, showing the logo's own background colour until the picture arrives (issue #22:
 * logos further down were white boxes while they loaded), or the firm's initials when it has no logo. Never lazy: a
 * lazy logo below the fold was still blank when the visitor scrolled to it; small, immutable pictures cost little
 * and a low priority keeps them behind what the first screen needs.
 */
export function FirmLogo({ company, size, className = '', priority = false }: FirmLogoProps) {
  if (!company.logoUrl) {
    return <span className={`logo-placeholder ${className}`} aria-hidden="true">{company.name.slice(0, 2).toUpperCase()}</span>;
  }
  return (
    <img
      className={`logo-img ${className}`}
      src={company.logoUrl}
      alt=""
      width={size}
      height={size}
      decoding="async"
      fetchPriority={priority ? 'high' : 'low'}
      style={company.logoBackground ? { backgroundColor: company.logoBackground } : undefined}
    />
  );
}
