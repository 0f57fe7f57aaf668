// The reference for bench/bundle-size: the bare libraries the shell is built on, and nothing of
// ours. The gap between this and a route is what our own code and extra libraries cost.
import i18next from 'i18next';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';

void i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
const root = document.getElementById('root');
if (root) createRoot(root).render(createElement(RouterProvider, { router: createHashRouter([{ path: '/' }]) }));
