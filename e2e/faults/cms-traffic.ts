/**
 * Traffic for the database fault tests: CMS writers that keep a ledger of every write the server
 * acknowledged (code 0), readers, and the check that every acknowledged write is still there.
 */
import { API_PREFIX, type ApiEnvelope } from '@open/protocol/api';
import { errorCatalogue } from '@open/protocol/errors';
import { demoAdmin } from '../../packages/server/src/demo-credentials.js';

const staleRevisionCode = errorCatalogue.staleRevision.code;

/** Longer than the server's own bound on waiting for the database (POOL_CONNECTION_TIMEOUT_MS). */
export const CALL_TIMEOUT_MS = 15_000;

/** An answer in the envelope, or no answer at all (refused connection, reset, timeout). */
export type Outcome =
  | { answered: true; status: number; envelope: ApiEnvelope; ms: number }
  | { answered: false; error: string; timedOut: boolean; ms: number };

function isEnvelope(value: unknown): value is ApiEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    'data' in value
  );
}

async function outcomeOf(request: Promise<Response>, started: number): Promise<Outcome> {
  let status: number;
  let text: string;
  try {
    const response = await request;
    status = response.status;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { answered: false, error: String(error), timedOut, ms: Date.now() - started };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // An answer outside the envelope is a failure of the test, not an outcome to count.
  if (!isEnvelope(body)) throw new Error(`HTTP ${status} outside the envelope: ${text.slice(0, 200)}`);
  return { answered: true, status, envelope: body, ms: Date.now() - started };
}

/** POSTs JSON to an API call as the web client does. */
export function callApi(origin: string, name: string, body: unknown, cookie = ''): Promise<Outcome> {
  const started = Date.now();
  const request = fetch(`${origin}${API_PREFIX}${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': 'en', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return outcomeOf(request, started);
}

/** The health check's status code, or undefined when it did not answer. */
export async function healthOf(origin: string): Promise<{ status: number | undefined; ms: number; timedOut: boolean }> {
  const started = Date.now();
  try {
    const response = await fetch(`${origin}/dzfront/open/server/health`, {
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started, timedOut: false };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { status: undefined, ms: Date.now() - started, timedOut };
  }
}

/** Signs in as the demo admin (HOST is loopback, so no password change is asked); the cookie to send. */
export async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}${API_PREFIX}global/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lang': 'en' },
    body: JSON.stringify({ account: demoAdmin.account, password: demoAdmin.password }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await response.json()) as ApiEnvelope;
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('open_session='));
  if (body.code !== 0 || !cookie) throw new Error(`the demo admin could not sign in: ${JSON.stringify(body)}`);
  return cookie.split(';')[0] ?? '';
}

/** Every write the server acknowledged, by what it wrote. */
export interface Ledger {
  /** Resource id → its English title and body. */
  resources: Map<string, { title: string; markdown: string }>;
  /** Category id → its English name and revision as of the last acknowledged save. */
  categories: Map<string, { name: string; revision: number }>;
  /** Acknowledged writes, creations and saves alike. */
  writes: number;
}

export function emptyLedger(): Ledger {
  return { resources: new Map(), categories: new Map(), writes: 0 };
}

interface CategoryData {
  _id: string;
  revision: number;
  names: Partial<Record<string, string>>;
  children: CategoryData[];
}

let serial = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${++serial}`;

/**
 * One CMS client: it owns one category (created on its first write), so its saves never race
 * another client's, and then keeps creating documents in it and renaming it. Every write
 * answered with code 0 goes into the ledger; the first one without an answer ends its stream.
 */
export class CmsWriter {
  private category: { id: string; revision: number } | undefined;
  /** Answers other than code 0 (none expected while the database is up). */
  readonly refusals: Outcome[] = [];
  /** Saves refused as stale because an earlier save committed without its answer reaching us. */
  resynced = 0;
  /** Writes sent and not answered yet. */
  inFlight = 0;
  private sent = 0;

  constructor(
    private readonly origin: () => string,
    private readonly cookie: string,
    private readonly ledger: Ledger,
  ) {}

  /** Sends one write; whether it was acknowledged. */
  async write(): Promise<Outcome> {
    if (!this.category) return this.createCategory();
    // Mostly new documents, every fourth write a save of an existing row (a new revision).
    return ++this.sent % 4 === 0 ? this.renameCategory(this.category) : this.createResource(this.category.id);
  }

  private async send(name: string, body: unknown): Promise<Outcome> {
    this.inFlight++;
    try {
      const outcome = await callApi(this.origin(), name, body, this.cookie);
      if (outcome.answered && outcome.envelope.code === staleRevisionCode && this.category) {
        // A save whose answer was lost (503) may have committed after all: carry on from the
        // revision the server has, as the CMS does after reloading.
        this.category.revision = (outcome.envelope.data as { revision: number }).revision;
        this.resynced++;
      } else if (outcome.answered && outcome.envelope.code !== 0) this.refusals.push(outcome);
      return outcome;
    } finally {
      this.inFlight--;
    }
  }

  private async createCategory(): Promise<Outcome> {
    const name = unique('Fault category');
    const outcome = await this.send('cms/set_category_info', { names: { en: name } });
    if (outcome.answered && outcome.envelope.code === 0) {
      const data = outcome.envelope.data as CategoryData;
      this.category = { id: data._id, revision: data.revision };
      this.ledger.categories.set(data._id, { name, revision: data.revision });
      this.ledger.writes++;
    }
    return outcome;
  }

  private async renameCategory(category: { id: string; revision: number }): Promise<Outcome> {
    const name = unique('Fault category');
    const outcome = await this.send('cms/set_category_info', {
      _id: category.id,
      revision: category.revision,
      names: { en: name },
    });
    if (outcome.answered && outcome.envelope.code === 0) {
      const data = outcome.envelope.data as CategoryData;
      category.revision = data.revision;
      this.ledger.categories.set(data._id, { name, revision: data.revision });
      this.ledger.writes++;
    }
    return outcome;
  }

  private async createResource(categoryId: string): Promise<Outcome> {
    const title = unique('Fault document');
    const markdown = `Written by a fault test: ${title}.\n\n- acknowledged writes must survive\n`;
    const outcome = await this.send('cms/set_resource_info', {
      category_id: categoryId,
      version_ids: [],
      locales: [{ lang: 'en', title, markdown }],
    });
    if (outcome.answered && outcome.envelope.code === 0) {
      const data = outcome.envelope.data as { _id: string };
      this.ledger.resources.set(data._id, { title, markdown });
      this.ledger.writes++;
    }
    return outcome;
  }
}

/** Runs `count` items through `each`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await each(item);
    }
  });
  await Promise.all(lanes);
}

/** What the server holds of the ledger: each acknowledged write found as written, or listed as lost. */
export async function checkLedger(
  origin: string,
  cookie: string,
  ledger: Ledger,
): Promise<{ checked: number; lost: string[] }> {
  const lost: string[] = [];
  const tree = await callApi(origin, 'cms/get_category_list', { lang: 'en' }, cookie);
  if (!tree.answered || tree.envelope.code !== 0)
    throw new Error(`cannot list the categories: ${JSON.stringify(tree)}`);
  const found = new Map<string, CategoryData>();
  const walk = (list: CategoryData[]) => {
    for (const category of list) {
      found.set(category._id, category);
      walk(category.children);
    }
  };
  walk((tree.envelope.data as { list: CategoryData[] }).list);
  for (const [id, saved] of ledger.categories) {
    const category = found.get(id);
    // A save sent as the server died may have committed without its answer: a later revision is
    // fine, an earlier one (or the same one with another name) is a lost acknowledged write.
    if (!category) lost.push(`category ${id}: missing`);
    else if (category.revision < saved.revision)
      lost.push(`category ${id}: revision ${category.revision} < ${saved.revision}`);
    else if (category.revision === saved.revision && category.names.en !== saved.name)
      lost.push(`category ${id}: named ${category.names.en ?? '(none)'}, not ${saved.name}`);
  }
  await inParallel([...ledger.resources], 8, async ([id, saved]) => {
    const answer = await callApi(origin, 'cms/get_resource_content', { _id: id, lang: 'en' }, cookie);
    if (!answer.answered || answer.envelope.code !== 0) {
      lost.push(`resource ${id}: ${answer.answered ? `code ${answer.envelope.code}` : answer.error}`);
      return;
    }
    const locale = (
      answer.envelope.data as { locales: { lang: string; title: string; markdown: string }[] }
    ).locales.find((l) => l.lang === 'en');
    if (locale?.title !== saved.title || locale.markdown !== saved.markdown)
      lost.push(`resource ${id}: content differs`);
  });
  return { checked: ledger.categories.size + ledger.resources.size, lost };
}
