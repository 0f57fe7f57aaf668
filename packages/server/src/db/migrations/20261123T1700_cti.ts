import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The call-centre engine (issue #8): what a tenant needs to run a call centre (its SSO token and
 * signing key, after-call work, not-ready reasons, displayed numbers), its agents, and the login
 * tokens and SSO signatures already used (so a replayed one is refused on every node).
 */
export const cti: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tenant')
      // Filled for existing tenants below, then required.
      .addColumn('sso_token', 'text')
      .addColumn('signing_key', 'text')
      .addColumn('acw_seconds', 'integer', (c) => c.notNull().defaultTo(15))
      .addColumn('not_ready_reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('display_numbers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    // gen_random_uuid is core PostgreSQL since 13 and in PGlite; two of them carry 244 random bits.
    await sql`update tenant set
        sso_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
        signing_key = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`.execute(db);
    await sql`alter table tenant alter column sso_token set not null, alter column signing_key set not null`.execute(
      db,
    );
    await sql`alter table tenant add constraint tenant_acw_range check (acw_seconds between 0 and 3600)`.execute(db);
    await db.schema.createIndex('tenant_sso_token').on('tenant').column('sso_token').unique().execute();

    await db.schema
      .createTable('agent')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('employee_no', 'text')
      .addColumn('mobile', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('extension', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('agent'))
      .addColumn('assistant_robot', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('agent_role_known', sql`role in ('agent', 'supervisor')`)
      .addCheckConstraint('agent_email_lower', sql`email = lower(email)`)
      .execute();
    await db.schema.createIndex('agent_email').on('agent').column('email').unique().execute();
    await db.schema
      .createIndex('agent_employee_no')
      .on('agent')
      .columns(['tenant_id', 'employee_no'])
      .unique()
      .execute();
    await db.schema.createIndex('agent_extension').on('agent').columns(['tenant_id', 'extension']).unique().execute();
    await db.schema.createIndex('agent_mobile').on('agent').columns(['tenant_id', 'mobile']).execute();
    // Account sign-in by employee number looks across tenants.
    await db.schema.createIndex('agent_by_employee_no').on('agent').column('employee_no').execute();

    await db.schema
      .createTable('used_token')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('used_token_expires').on('used_token').column('expires_at').execute();

    // One row per agent who took part in a call (an internal call has two).
    await db.schema
      .createTable('call_record')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('call_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
      .addColumn('agent_id', 'text', (c) => c.notNull().references('agent.id').onDelete('cascade'))
      .addColumn('call_type', 'text', (c) => c.notNull())
      .addColumn('caller', 'text', (c) => c.notNull())
      .addColumn('callee', 'text', (c) => c.notNull())
      .addColumn('display_number', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz')
      .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_record_agent').on('call_record').columns(['agent_id', 'ended_at desc']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('call_record').execute();
    await db.schema.dropTable('used_token').execute();
    await db.schema.dropTable('agent').execute();
    await db.schema.dropIndex('tenant_sso_token').execute();
    await sql`alter table tenant drop constraint tenant_acw_range`.execute(db);
    await db.schema
      .alterTable('tenant')
      .dropColumn('sso_token')
      .dropColumn('signing_key')
      .dropColumn('acw_seconds')
      .dropColumn('not_ready_reasons')
      .dropColumn('display_numbers')
      .dropColumn('updated_at')
      .execute();
  },
};
