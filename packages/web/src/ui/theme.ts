import type { ThemeConfig } from 'antd';

/**
 * The brand blue, also `--brand` in styles.css. Deep enough for WCAG 2.1 AA (4.5:1) as text on
 * white and on the pale blue of a chosen item (#e8f0ff), and under white text on a button;
 * Ant Design's own #1677ff and our earlier #1664ff fell short on the pale blue.
 */
export const BRAND = '#1258f0';

/** Grey secondary text at 4.5:1 or more on white (Ant Design's 45 % black is 3.4:1). */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * Ant Design's theme, held to WCAG 2.1 AA contrast for text (checked by e2e/a11y.test.ts with
 * axe-core): the defaults are tuned for looks, and several of their text colours read at 2–3.4:1.
 * Each change darkens a colour only as far as needed, so the pages keep their look.
 */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    // Links and the 'processing' colour derive from colorInfo, not colorPrimary.
    colorInfo: BRAND,
    colorLink: BRAND,
    // The default hover is lighter than the brand: white on it fell to 3.5:1. Darker reads as pressed.
    colorPrimaryHover: '#0f4fd6',
    colorLinkHover: '#0f4fd6',
    // Red text (a danger button, a field's error) at 4.6:1 on white; #ff4d4f was 3.3:1.
    colorError: '#d9363e',
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // A placeholder is real text in a select (axe measures it); a little lighter than secondary text.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily: 'inherit',
  },
  components: {
    Tag: {
      // A status tag ('success', 'warning'…) writes in the status colour itself on its pale
      // background: green and amber were 2:1 or less. Only the tag's text takes a darker shade.
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorError: '#cf1322',
      // A coloured tag writes in shade 7 of its palette on shade 1; these shades 7 read below
      // 4.5:1, so they take their shade 8. (Set globally, Ant Design regenerates the palettes.)
      green7: '#237804',
      cyan7: '#006d75',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      gold7: '#ad6800',
    },
    // An empty table's sentence is text to read, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
  },
};
