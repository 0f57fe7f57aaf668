import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootMessages } from '@open/protocol/boot-messages';
import { DEFAULT_LANG, directionOf, isLang, negotiateLang, type Lang } from '@open/protocol/locales';
import { onNotLoggedIn } from './api/client';
import { createAppRouter } from './app/router';
import { startI18n } from './i18n/i18n';
import { browserStorage, LANG_KEY } from './i18n/storage';
import { sessionStore } from './session/session-store';
import { keepScrollersFocusable } from './ui/keyboard-scroll';
import './styles.css';

function BootFailure({ lang }: { lang: Lang }) {
  const text = bootMessages[lang];
  return (
    <div className="route-error" role="alert" lang={lang} dir={directionOf(lang)}>
      <p>{text.failed}</p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {text.retry}
      </button>
    </div>
  );
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  try {
    await startI18n();
  } catch {
    const stored = browserStorage().getItem(LANG_KEY);
    const lang = isLang(stored) ? stored : (negotiateLang(navigator.languages.join(',')) ?? DEFAULT_LANG);
    root.render(<BootFailure lang={lang} />);
    return;
  }
  // A session that expires while the CMS is open sends the admin back to its sign-in form.
  onNotLoggedIn(sessionStore.expire);
  void sessionStore.refresh();
  // Code blocks and wide tables scroll sideways: the keyboard must reach them too.
  keepScrollersFocusable(document.body);
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}

void boot();
