import type { ReactNode } from 'react';
import './social.css';

/** Our community channels (SPEC §2: the home and discounts pages end with social links). */
export const SOCIAL_LINKS: Array<{ name: string; href: string; handle: string; icon: ReactNode }> = [
  {
    name: 'X (Twitter)',
    handle: '@VerifiedTF',
    href: 'https://x.com/VerifiedTF',
    icon: <path d="M4 4l16 16M20 4L4 20" />,
  },
  {
    name: 'Discord',
    handle: 'Trader community',
    href: 'https://discord.gg/verifiedtraderfunding',
    icon: <><path d="M7 7c3-1.3 7-1.3 10 0l2 9c-1.6 1.4-3.3 2-5 2l-1-2h-2l-1 2c-1.7 0-3.4-.6-5-2z" /><circle cx="9.5" cy="12.5" r="1" /><circle cx="14.5" cy="12.5" r="1" /></>,
  },
  {
    name: 'YouTube',
    handle: 'Firm tests on video',
    href: 'https://www.youtube.com/@VerifiedTraderFunding',
    icon: <><rect x="3" y="6" width="18" height="12" rx="4" /><path d="M10 9.5v5l4.5-2.5z" /></>,
  },
  {
    name: 'Telegram',
    handle: 'Deal alerts',
    href: 'https://t.me/VerifiedTraderFunding',
    icon: <path d="M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l8-6" />,
  },
];

/** The row of community links: real links (new tab), each named for screen readers. */
export function SocialLinks({ title = 'Join the community', text }: { title?: string; text?: string }) {
  return (
    <section className="social" aria-labelledby="social-title">
      <h2 id="social-title">{title}</h2>
      {text && <p className="social-text">{text}</p>}
      <ul className="social-list">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.name}>
            <a className="social-link" href={s.href} target="_blank" rel="noopener noreferrer">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                {s.icon}
              </svg>
              <span>
                <span className="social-name">{s.name}</span>
                <span className="social-handle">{s.handle}</span>
              </span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
