/** The AdSuite word mark with its signet (drawn here; no image request). */
import { Link } from './Link.tsx';
import { PATHS } from '../routes.ts';

export function Logo({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  return (
    <Link href={PATHS.landing} className={`logo logo--${tone}`} aria-label="AdSuite">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2f4bd8" />
        <path d="M9 23 15 9h2l6 14h-3.2l-1.3-3.2h-5.1L12.2 23Zm5.4-5.9h3.2L16 13.2Z" fill="#fff" />
        <circle cx="24" cy="9" r="3" fill="#ffb547" />
      </svg>
      <span className="logo__text">
        Ad<strong>Suite</strong>
      </span>
    </Link>
  );
}
