import type { Lang } from '../../locales.js';
import type { AgentLoginMessages } from './en.js';
import ar from './ar.js';
import bn from './bn.js';
import de from './de.js';
import en from './en.js';
import es from './es.js';
import fil from './fil.js';
import fr from './fr.js';
import hi from './hi.js';
import id from './id.js';
import it from './it.js';
import ja from './ja.js';
import ko from './ko.js';
import ms from './ms.js';
import pt from './pt.js';
import ru from './ru.js';
import th from './th.js';
import vi from './vi.js';
import zhCN from './zh-CN.js';
import zhTW from './zh-TW.js';

/** The `agentLogin` namespace in every language. */
const agentLogin: Record<Lang, AgentLoginMessages> = {
  ar,
  bn,
  de,
  en,
  es,
  fil,
  fr,
  hi,
  id,
  it,
  ja,
  ko,
  ms,
  pt,
  ru,
  th,
  vi,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

export default agentLogin;
