import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BundleReport } from './bundle-report';
import { bundleReportFile as reportPath, routeLoad, routeModules } from './route-closure.mjs';

// `npm test` builds first; this reads the report that build wrote (beside dist/, not in it).
const heavy = (pkg: string) =>
  pkg === 'antd' || pkg.startsWith('@ant-design/') || pkg.startsWith('@rc-component/') || pkg.startsWith('rc-');

describe('what each route loads first', () => {
  it('the build wrote its bundle report, outside the published dist/', () => {
    expect(existsSync(reportPath), 'run `npm run build` first').toBe(true);
    expect(existsSync(new URL('../dist/bundle-report.json', import.meta.url))).toBe(false);
  });

  const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as BundleReport) : undefined;

  it.each(['#/doc', '#/doc/single', '#/doc/search', '#/doc/faq'] as const)(
    '%s pulls in none of the CMS’s Ant Design',
    (route) => {
      if (!report) throw new Error('no bundle report');
      const load = routeLoad(report, routeModules[route]);
      expect(load.packages.filter(heavy)).toEqual([]);
      expect(load.packages).toContain('react-dom');
    },
  );

  it('no route ships the server-side schema library (the client imports protocol types only)', () => {
    if (!report) throw new Error('no bundle report');
    for (const modules of Object.values(routeModules)) expect(routeLoad(report, modules).packages).not.toContain('zod');
  });

  it('the CMS route does load Ant Design (so the check above can see it)', () => {
    if (!report) throw new Error('no bundle report');
    expect(routeLoad(report, routeModules['#/cms/login']).packages).toContain('antd');
  });

  it('the chart library loads with the diagnostics page and no other route', () => {
    if (!report) throw new Error('no bundle report');
    for (const [route, modules] of Object.entries(routeModules)) {
      expect(routeLoad(report, modules).packages.includes('uplot'), route).toBe(route === '#/diagnose');
    }
  });

  it('the entry chunk itself carries no Ant Design', () => {
    if (!report) throw new Error('no bundle report');
    expect(routeLoad(report, []).packages.filter(heavy)).toEqual([]);
  });
});
