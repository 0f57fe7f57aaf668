import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export interface TenantTable {
  id: string;
  name: string;
  default_lang: string;
  /** Where the documentation's contact link points; none shows no link. */
  contact_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface VersionTable {
  id: string;
  name: string;
  is_default: boolean;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AdminUserTable {
  id: string;
  account: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: CreatedAt;
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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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

export interface ResourceLocaleTable {
  resource_id: string;
  lang: string;
  title: string;
  markdown: string;
  html: string;
  toc: ColumnType<TocRow[], string, string>;
  summary: string;
  /** The body as plain text: snippets are cut from it. */
  plain: string;
  /** A tsvector, written with SQL (to_tsvector over segmented terms) and only queried in SQL. */
  search: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AttachmentTable {
  id: string;
  resource_id: string | null;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  created_at: CreatedAt;
}

export interface DB {
  tenant: TenantTable;
  version: VersionTable;
  admin_user: AdminUserTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  category: CategoryTable;
  category_locale: CategoryLocaleTable;
  resource: ResourceTable;
  resource_version: ResourceVersionTable;
  resource_locale: ResourceLocaleTable;
  attachment: AttachmentTable;
}

export type VersionRow = Selectable<VersionTable>;
export type AdminUserRow = Selectable<AdminUserTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type ResourceRow = Selectable<ResourceTable>;
