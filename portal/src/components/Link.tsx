/** An anchor that moves between portal pages without reloading; other targets load normally. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isPortalPath, navigate } from '../navigation.ts';

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target || !isPortalPath(href)) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
