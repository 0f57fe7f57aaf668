/**
 * A box that scrolls but holds nothing focusable cannot be scrolled from the keyboard (WCAG
 * 2.1.1; axe's scrollable-region-focusable). Code blocks of rendered documents and Ant Design's
 * scrolling tables are such boxes, and their markup is not ours to write (the server renders
 * the one, Ant Design the other), so they are made focusable as they appear.
 */
const SCROLLERS = '.doc-html pre, .editor-source pre, .ant-table-content, .ant-table-body';

/** Gives every scrolling box under `root` a place in the tab order, unless it has one. */
export function makeScrollersFocusable(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
  }
}

/** Keeps doing so while the page changes (once a frame at most); returns how to stop. */
export function keepScrollersFocusable(root: HTMLElement): () => void {
  let frame = 0;
  makeScrollersFocusable(root);
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      makeScrollersFocusable(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
