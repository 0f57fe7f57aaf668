import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export interface TenantTable {
  id: string;
  name: string;
  default_lang: string;
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

export interface DB {
  tenant: TenantTable;
  version: VersionTable;
  admin_user: AdminUserTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
}

export type VersionRow = Selectable<VersionTable>;
export type AdminUserRow = Selectable<AdminUserTable>;
