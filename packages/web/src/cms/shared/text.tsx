import type { HTMLAttributes } from 'react';

/*
 * Headings and text for the CMS panels: plain elements styled in cms.css to look as Ant Design's
 * text components did, without their weight (about 54 KB gzip in every panel that used them).
 * Each takes the usual attributes of its element; a className is added to its own.
 */

type Props<E extends HTMLElement> = HTMLAttributes<E>;

const join = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

/** A panel's title, in its toolbar: an h3 with no margin. */
export function PanelTitle({ className, ...rest }: Props<HTMLHeadingElement>) {
  return <h3 className={join('cms-heading cms-heading-3 cms-panel-title', className)} {...rest} />;
}

/** A heading inside a panel: level 4 for an item's name, 5 for a section of it. */
export function Heading({ level, className, ...rest }: Props<HTMLHeadingElement> & { level: 4 | 5 }) {
  const Tag = level === 4 ? 'h4' : 'h5';
  return <Tag className={join(`cms-heading cms-heading-${String(level)}`, className)} {...rest} />;
}

/** Secondary text: a count, a date, a hint beside a control. */
export function Muted({ className, ...rest }: Props<HTMLSpanElement>) {
  return <span className={join('cms-text cms-muted', className)} {...rest} />;
}

/** Secondary text standing as its own paragraph, with space below it. */
export function MutedParagraph({ className, ...rest }: Props<HTMLParagraphElement>) {
  return <p className={join('cms-text cms-muted cms-paragraph', className)} {...rest} />;
}

/** Text in the strong weight, such as a name in a list. */
export function Strong({ className, ...rest }: Props<HTMLElement>) {
  return <strong className={join('cms-text cms-strong', className)} {...rest} />;
}

/** Body text in the CMS's own colour, where it is not already (a drawer, a popover). */
export function Text({ className, ...rest }: Props<HTMLSpanElement>) {
  return <span className={join('cms-text', className)} {...rest} />;
}
