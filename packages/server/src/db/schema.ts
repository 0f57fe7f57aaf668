import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DialPlanFields } from '@open/protocol/dial-plan';
import type { CarrierHost } from '@open/protocol/trunk';
import type { CallRecord } from '@open/protocol/softphone/call-record';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export interface TenantTable {
  id: string;
  name: string;
  default_lang: string;
  /** Where the documentation's contact link points; none shows no link. */
  contact_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SSO public-key token the integrator holds (DESIGN §6); unique, rotated by an admin. */
  sso_token: string;
  /** The HMAC key (base64url, 32 bytes) that signs this tenant's login tokens and SSO signatures. */
  signing_key: string;
  /** Seconds of after-call work before an agent is ready again. */
  acw_seconds: ColumnType<number, number | undefined, number>;
  /** The reasons an agent may give for not being ready: `[{ id, name }]`. */
  not_ready_reasons: ColumnType<{ id: string; name: string }[], string | undefined, string>;
  /** The numbers agents may show to the people they call. */
  display_numbers: ColumnType<string[], string | undefined, string>;
  /** What agents may say became of a call (setWrapUp): `[{ id, name }]`. */
  wrap_up_codes: ColumnType<{ id: string; name: string }[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type AgentRole = 'agent' | 'supervisor';

export interface AgentTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Unique over all tenants, stored lower-case. */
  email: string | null;
  /** Unique within the tenant. */
  employee_no: string | null;
  mobile: string | null;
  password_hash: string | null;
  /** Unique within the tenant; none: the agent cannot check in. */
  extension: string | null;
  role: ColumnType<AgentRole, AgentRole | undefined, AgentRole>;
  assistant_robot: Generated<boolean>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A finished call, one row per agent who took part: the engine's record (CallRecord) with an id. */
export interface CallRecordTable extends Omit<CallRecord, 'attached_data' | 'wrap_up'> {
  id: string;
  attached_data: ColumnType<Record<string, string>, string | undefined, string>;
  wrap_up: ColumnType<CallRecord['wrap_up'], string | null | undefined, string | null>;
}

/** A tenant's SIP trunk (telephony/trunk.data.ts); its DIDs are rows of `sip_trunk_did`. */
export interface SipTrunkTable {
  tenant_id: string;
  enabled: boolean;
  /** The carrier's SIP server: a DNS name or an IP address. */
  host: string;
  port: number;
  transport: 'udp' | 'tcp';
  username: string | null;
  /** Never returned, logged or audited (digest authentication needs it as it is). */
  password: string | null;
  /** Addresses or CIDR prefixes whose INVITEs are taken: jsonb text array. */
  allowed_sources: ColumnType<string[], string, string>;
  /** Numbers the carrier lets the tenant present: jsonb text array. */
  display_numbers: ColumnType<string[], string, string>;
  /** Calls in and out at once; null: no cap. */
  max_calls: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its callers waiting in the queue at once; null: no cap. */
  max_waiting: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the trunk lets out beyond the numbering rule (the protocol's DialPlanFields): jsonb. */
  dial_plan: ColumnType<DialPlanFields, string | undefined, string>;
  /** The carrier's other servers, tried in order after `host`: jsonb array of { host, port }. */
  failover_hosts: ColumnType<CarrierHost[], string | undefined, string>;
  /** Whether the carrier's servers are sent OPTIONS pings (carrier-watch.ts). */
  options_ping: ColumnType<boolean, boolean | undefined, boolean>;
  /** A call whose far end sends no audio this long is ended (relay-watch.ts); null: never. */
  far_end_silence_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A number that rings a tenant's trunk: one tenant per number. */
export interface SipTrunkDidTable {
  /** The number as trunks compare it (`numberKey`: no spaces, separators or leading '+'). */
  did: string;
  tenant_id: string;
  /** The number as the admin typed it. */
  number: string;
  /** Its place in the admin's list. */
  position: number;
}

/** A login token or SSO signature that has been used, kept until it would have expired anyway. */
export interface UsedTokenTable {
  jti: string;
  expires_at: Date;
}

export interface VersionTable {
  id: string;
  name: string;
  is_default: boolean;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AdminRole = 'admin' | 'editor';

export interface AdminUserTable {
  id: string;
  account: string;
  name: string;
  role: AdminRole;
  password_hash: string;
  disabled: Generated<boolean>;
  /**
   * The password is still the published demo one (`admin@open`); null: not checked yet. While
   * true on a server reachable from other machines, the account must change it first.
   */
  demo_password: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SessionTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface LoginFailureTable {
  key: string;
  count: number;
  window_start: Date;
  last_failure_at: ColumnType<Date, Date | undefined, Date>;
}

/** 1 unpublished, 2 published, 3 offline (DESIGN §5). */
export type ContentStatus = 1 | 2 | 3;
export type CategoryKind = 'docs' | 'faq';

export interface CategoryTable {
  id: string;
  parent_id: string | null;
  kind: ColumnType<CategoryKind, CategoryKind | undefined, CategoryKind>;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  sort: Generated<number>;
  revision: Generated<number>;
  /** The account name of who saved it last (null: the seed). */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A saved state of an item, kept when a later save replaced it. */
interface BackupColumns<Snapshot> {
  id: string;
  revision: number;
  snapshot: ColumnType<Snapshot, string, string>;
  saved_by: string | null;
  saved_at: ColumnType<Date, Date | undefined, never>;
}

export interface CategorySnapshot {
  parent_id: string | null;
  kind: CategoryKind;
  sort: number;
  status: ContentStatus;
  names: Record<string, string>;
}

export interface ResourceSnapshot {
  category_id: string;
  sort: number;
  status: ContentStatus;
  version_ids: string[];
  locales: { lang: string; title: string; markdown: string }[];
}

export interface CategoryBackupTable extends BackupColumns<CategorySnapshot> {
  category_id: string;
}

export interface ResourceBackupTable extends BackupColumns<ResourceSnapshot> {
  resource_id: string;
}

export interface AuditLogTable {
  id: string;
  /** Insertion order (bigserial, read as a string): breaks ties between entries of one instant. */
  seq: ColumnType<string, never, never>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_id: string | null;
  /** The account name at the time, kept when the account is renamed or removed. */
  actor: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  ip: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

export interface CategoryLocaleTable {
  category_id: string;
  lang: string;
  name: string;
}

export interface ResourceTable {
  id: string;
  category_id: string;
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  sort: Generated<number>;
  revision: Generated<number>;
  /** The languages of its resource_locale rows, kept by a trigger (never written by the application). */
  langs: ColumnType<string[], never, never>;
  /** The account name of who saved it last (null: the seed). */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ResourceVersionTable {
  resource_id: string;
  version_id: string;
}

export interface TocRow {
  id: string;
  text: string;
  level: 2 | 3;
}

/** A word of the published text and how many locale rows hold it (migration 20261126T1400_search_words). */
export interface SearchWordTable {
  lang: string;
  word: string;
  docs: number;
}

export interface ResourceLocaleTable {
  resource_id: string;
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: ColumnType<TocRow[], string, string>;
  summary: string;
  /** The text a reader sees, headings and body, code blocks marked: snippets are cut from it. */
  plain: string;
  /** A tsvector, written with SQL (to_tsvector over segmented terms) and only queried in SQL. */
  search: string;
  /** Which derivation of `plain` and `search` wrote them; older ones are derived again at start. */
  search_text_revision: ColumnType<number, number | undefined, number>;
  /** Generated from `search`: its title part (weight A), and its title and headings part (A, B). */
  search_title: ColumnType<string, never, never>;
  search_head: ColumnType<string, never, never>;
  /** Generated: the most frequent lexemes of `search`, and the length of `plain` (20261126T1900_search_top). */
  search_top: ColumnType<string, never, never>;
  search_length: ColumnType<number, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /**
   * Copies of the resource's status, category, sort, languages and versions, which a search
   * filters on in the row; kept by triggers (never written by the application).
   */
  resource_status: ColumnType<ContentStatus, never, never>;
  resource_category_id: ColumnType<string, never, never>;
  resource_sort: ColumnType<number, never, never>;
  resource_langs: ColumnType<string[], never, never>;
  resource_version_ids: ColumnType<string[], never, never>;
}

export interface AttachmentTable {
  id: string;
  resource_id: string | null;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  /** Hex SHA-256 of the bytes: the same file uploaded twice is stored once. */
  sha256: string | null;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

/** A tenant's webhook (docs/WEBHOOKS.md). */
export interface WebhookTable {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  /** The event types it takes: jsonb text array. */
  events: ColumnType<string[], string, string>;
  enabled: boolean;
  /** The signing secret ('whsec_…'), sealed when the server has SECRETS_KEY. Never returned after it is made. */
  secret: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A tenant's event while it has a webhook switched on; the number is its id. */
export interface CtiEventTable {
  /** bigserial: pg gives it as a string, which is how it is shown too. */
  id: ColumnType<string, never, never>;
  tenant_id: string;
  type: string;
  agent_id: string | null;
  payload: ColumnType<unknown, string, string>;
  occurred_at: Date;
}

/** A tenant's API key (docs/EVENT-STREAM.md): only its hash is kept. */
export interface ApiKeyTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Hex SHA-256 of the whole key. */
  key_hash: string;
  /** The key's last four characters. */
  key_hint: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_used_at: Date | null;
}

/** One event's delivery to one webhook. */
export interface WebhookDeliveryTable {
  id: ColumnType<string, never, never>;
  webhook_id: string;
  event_id: ColumnType<string, string, string>;
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined>;
  /** cms/test_webhook's: posted even while its webhook is switched off. */
  test: ColumnType<boolean, boolean | undefined, boolean>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  response_excerpt: string | null;
  /** webhookDeliveryErrors of the protocol. */
  error: string | null;
  error_detail: string | null;
  duration_ms: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface DB {
  tenant: TenantTable;
  agent: AgentTable;
  used_token: UsedTokenTable;
  call_record: CallRecordTable;
  sip_trunk: SipTrunkTable;
  sip_trunk_did: SipTrunkDidTable;
  webhook: WebhookTable;
  cti_event: CtiEventTable;
  webhook_delivery: WebhookDeliveryTable;
  api_key: ApiKeyTable;
  version: VersionTable;
  admin_user: AdminUserTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  category: CategoryTable;
  category_locale: CategoryLocaleTable;
  resource: ResourceTable;
  resource_version: ResourceVersionTable;
  resource_locale: ResourceLocaleTable;
  search_word: SearchWordTable;
  search_spelling: { word: string };
  attachment: AttachmentTable;
  category_backup: CategoryBackupTable;
  resource_backup: ResourceBackupTable;
  audit_log: AuditLogTable;
}

export type VersionRow = Selectable<VersionTable>;
export type AdminUserRow = Selectable<AdminUserTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type ResourceRow = Selectable<ResourceTable>;
