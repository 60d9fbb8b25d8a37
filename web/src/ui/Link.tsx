import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry (a link to the current path replaces by itself). */
  replace?: boolean;
  /** Navigation state for the target screen (see docs/WEB.md, "Add a screen"). */
  state?: unknown;
}

/**
 * An in-app link: an `<a href>` whose plain click navigates inside the router, what React
 * Router's own `<Link>` does for this app. Theirs also carries framework mode's page prefetching
 * and view transitions, which a link anywhere in the app brings into the first screen's chunk
 * (~1.7 KB gzipped; the router is one module, docs/PERFORMANCE.md), so links come from here
 * (eslint refuses react-router's `Link` and `NavLink` in web/src).
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
}
