import './social-links.css';

/**
 * The product's own channels (not affiliate links). Their icons are files painted in the text colour by a CSS mask
 * (social-links.css), fetched when shown and cached for good, not path data in the script every first visit loads.
 */
export const SOCIAL_LINKS = [
  { id: 'x', name: 'X (Twitter)', href: 'https://x.com/verifiedtraderfunding' },
  { id: 'youtube', name: 'YouTube', href: 'https://www.youtube.com/@verifiedtraderfunding' },
  { id: 'discord', name: 'Discord', href: 'https://discord.gg/verifiedtraderfunding' },
  { id: 'instagram', name: 'Instagram', href: 'https://www.instagram.com/verifiedtraderfunding' },
] as const;

interface Props {
  title?: string;
  text?: string;
}

/** "Follow us" links to the product's social channels (docs/spec.md §2: home and discounts pages). */
export function SocialLinks({ title = 'Follow us for daily verified deals', text }: Props) {
  return (
    <section className="social card" aria-labelledby="social-title">
      <h2 id="social-title" className="social-title">{title}</h2>
      {text && <p className="social-text">{text}</p>}
      <ul className="social-list" role="list">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.name}>
            <a className="social-link" href={s.href} target="_blank" rel="noopener noreferrer">
              <span className={`social-icon social-icon-${s.id}`} aria-hidden="true" />
              <span>{s.name}</span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
