import { useEffect, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { headingTarget } from './article';

/**
 * Going to a section of the document: `&h=` in the address keeps it, the page scrolls to it, and
 * the article's own heading links do the same.
 */
export function useHeadingNavigation(html: string | undefined) {
  const [params, setParams] = useSearchParams();
  const heading = params.get('h') ?? '';

  // A link to a heading survives a reload: after the article renders, go to the section.
  useEffect(() => {
    if (html === undefined) return;
    if (heading) document.getElementById(heading)?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only when the document arrives, not on each heading change (goToHeading scrolls itself).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [html]);

  const goToHeading = (target: string) => {
    const next = new URLSearchParams(params);
    next.set('h', target);
    setParams(next, { replace: true });
    document.getElementById(target)?.scrollIntoView({ behavior: 'smooth' });
  };

  // Heading links of the rendered article point at `#slug`, which hash routing would read as a
  // route: keep them in the document instead.
  const onArticleClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const target = anchor ? headingTarget(anchor) : undefined;
    if (target === undefined) return;
    event.preventDefault();
    goToHeading(target);
  };

  return { goToHeading, onArticleClick };
}
