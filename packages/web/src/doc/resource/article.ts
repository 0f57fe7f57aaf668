/**
 * What the reader adds to an article the server rendered: copy buttons on code blocks, heading
 * links that work under hash routing, and the heading being read. Plain DOM, so the reader ships
 * no Markdown parser or highlighter.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface CopyLabels {
  copy: string;
  copied: string;
  failed: string;
}

/** Copies text; the clipboard API needs a secure context, so plain http falls back to a selection. */
async function copyText(text: string, source: HTMLElement): Promise<void> {
  if (window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const range = document.createRange();
  range.selectNodeContents(source);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only way to copy outside a secure context (plain http), still supported by every browser
  const copied = document.execCommand('copy');
  selection?.removeAllRanges();
  if (!copied) throw new Error('copy refused');
}

/** Puts a copy button on every code block of the article; returns how to take them off. */
export function addCopyButtons(article: HTMLElement, labels: CopyLabels): () => void {
  const buttons = [...article.querySelectorAll('pre')].map((pre) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = labels.copy;
    button.addEventListener('click', () => {
      const code = pre.querySelector('code') ?? pre;
      copyText(code.textContent, code).then(
        () => {
          button.textContent = labels.copied;
        },
        () => {
          button.textContent = labels.failed;
        },
      );
      window.setTimeout(() => {
        button.textContent = labels.copy;
      }, 2000);
    });
    pre.classList.add('has-copy');
    pre.append(button);
    return button;
  });
  return () => {
    for (const button of buttons) button.remove();
  };
}

/** The id of a heading link's target (`#slug`), decoded, or undefined for any other link. */
export function headingTarget(anchor: HTMLAnchorElement): string | undefined {
  const href = anchor.getAttribute('href') ?? '';
  if (!href.startsWith('#') || href.startsWith('#/')) return undefined;
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

/**
 * The heading nearest above the top of the viewport among `ids`: what the table of contents
 * marks as being read. Recomputed on scroll, at most once a frame.
 */
export function useActiveHeading(container: RefObject<HTMLElement | null>, ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join('\n');
  useEffect(() => {
    const headings = key
      .split('\n')
      .map((id) => (id ? document.getElementById(id) : null))
      .filter((element): element is HTMLElement => element !== null && Boolean(container.current?.contains(element)));
    if (!headings.length) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      // Below the sticky header, with a little room so a heading just scrolled to counts.
      const line = 96;
      let current = headings[0];
      for (const heading of headings) if (heading.getBoundingClientRect().top <= line) current = heading;
      setActive(current?.id);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [container, key]);
  return active;
}
