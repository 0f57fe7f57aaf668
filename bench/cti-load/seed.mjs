// @ts-check
// Agents for bench/cti-load, written straight into the database before the measured server
// starts: `count` agents of the demo tenant (the first tenant, as the seed makes it), each with
// its own employee number and extension, and the demo agents' password hash (never used: the
// bench mints login tokens with the tenant's signing key, as basic/get_login_token would).

/**
 * @typedef {(text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>} Query
 * @typedef {{
 *   id: string, name: string, default_lang: string, signing_key: string, acw_seconds: number,
 *   not_ready_reasons: { id: string, name: string }[], display_numbers: string[]
 * }} Tenant
 */

/** The id of the bench's agent number `i` (1-based). @param {number} i */
export const benchAgentId = (i) => `bench-agent-${String(i).padStart(6, '0')}`;

/**
 * Inserts the agents (in one statement) and returns the demo tenant.
 * @param {Query} query
 * @param {number} count
 * @returns {Promise<Tenant>}
 */
export async function seedAgents(query, count) {
  const tenant = /** @type {Tenant | undefined} */ (
    (
      await query(
        'select id, name, default_lang, signing_key, acw_seconds, not_ready_reasons, display_numbers ' +
          'from tenant order by created_at limit 1',
      )
    ).rows[0]
  );
  if (!tenant) throw new Error('no tenant: the server did not seed the database');
  const hash = (
    await query('select password_hash from agent where tenant_id = $1 and password_hash is not null limit 1', [
      tenant.id,
    ])
  ).rows[0]?.password_hash;
  await query(
    `insert into agent (id, tenant_id, name, employee_no, extension, role, password_hash)
     select 'bench-agent-' || lpad(g::text, 6, '0'), $1, 'Bench agent ' || g, 'B' || g, (300000 + g)::text,
            'agent', $2
     from generate_series(1, $3::int) g`,
    [tenant.id, hash ?? null, count],
  );
  return tenant;
}
