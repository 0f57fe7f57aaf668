import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initParams } from '@open/protocol/softphone/catalogue';
import { ParamType } from './ParamType';

const param = (name: string) => {
  const found = initParams.find((p) => p.name === name);
  if (!found) throw new Error(`no init parameter ${name}`);
  return found;
};

describe('ParamType', () => {
  it('writes an enum as its quoted values, left to right even on an Arabic page', () => {
    const html = renderToString(<ParamType param={param('lang')} />);
    // Without dir="ltr" a wrapped list in a right-to-left table cell scrambles its quotes.
    expect(html).toMatch(/^<code dir="ltr">&quot;ar&quot; \| &quot;bn&quot; \| /);
  });

  it('writes any other type left to right too', () => {
    expect(renderToString(<ParamType param={param('ringtoneUrl')} />)).toBe('<code dir="ltr">string</code>');
  });
});
