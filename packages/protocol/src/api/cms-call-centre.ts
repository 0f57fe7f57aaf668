/**
 * `cms/*` calls of the call centre (issue #8): tenants and their agents, managed by CMS admins.
 * A tenant's SSO public-key token is shown to admins (they hand it to the integrator) and can be
 * replaced; its signing key never leaves the server.
 */
import { z } from 'zod';
import {
  DIAL_PREFIX_PATTERN,
  dialPlanCountries,
  dialPlanLimits,
  internationalDialling,
  SHORT_NUMBER_PATTERN,
} from '../dial-plan.js';
import { wrapUpLimits } from '../softphone/catalogue.js';
import { langCodes } from '../locales.js';
import { limits } from '../limits.js';
import {
  DEFAULT_SIP_PORT,
  isAllowableSource,
  isTrunkHost,
  isTrunkUsername,
  numberKey,
  repeatedAt,
  carrierStates,
  farEndSilence,
  trunkCaps,
  trunkFailover,
  trunkTransports,
} from '../trunk.js';
import { id, listBody, optionalEmail, phoneNumber, text, timestamp, type ApiRoute } from './common.js';

const reasonId = text({ max: 32 }).refine((value) => /^[a-z0-9_-]+$/.test(value), { params: { reason: 'notAllowed' } });

export const cmsTenant = z.object({
  _id: z.string(),
  name: z.string(),
  default_lang: z.string(),
  acw_seconds: z.number().int(),
  not_ready_reasons: z.array(z.object({ id: z.string(), name: z.string() })),
  display_numbers: z.array(z.string()),
  wrap_up_codes: z.array(z.object({ id: z.string(), name: z.string() })),
  sso_token: z.string(),
  agent_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsTenant = z.infer<typeof cmsTenant>;

export const agentRoleSchema = z.enum(['agent', 'supervisor']);

export const cmsAgent = z.object({
  _id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  employee_no: z.string().nullable(),
  mobile: z.string().nullable(),
  extension: z.string().nullable(),
  role: agentRoleSchema,
  assistant_robot: z.boolean(),
  disabled: z.boolean(),
  /** Whether the agent can sign in with a password (otherwise only through SSO). */
  has_password: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CmsAgent = z.infer<typeof cmsAgent>;

/** A rule that judges only a text its length bounds took, so one value gets one reason. */
const withinBounds =
  (max: number, rule: (value: string) => boolean) =>
  (value: string): boolean =>
    value === '' || value.length > max || rule(value);

/** A list whose entries may not repeat under `key`: each repeat is refused at its own index. */
const distinct = <T extends z.ZodType<string>>(item: T, max: number, key?: (value: string) => string) =>
  z
    .array(item)
    .max(max)
    .superRefine((list, ctx) => {
      for (const index of repeatedAt(list, key)) {
        ctx.addIssue({ code: 'custom', path: [index], params: { reason: 'duplicate' }, message: 'duplicate' });
      }
    });

const dialPrefix = text({ max: dialPlanLimits.prefixLength })
  .refine(
    withinBounds(dialPlanLimits.prefixLength, (value) => DIAL_PREFIX_PATTERN.test(value)),
    {
      params: { reason: 'notAllowed' },
    },
  )
  .describe("digits, a leading '+' allowed, such as '+1900' or '00882'");

/** A trunk's dial plan (dial-plan.ts; docs/TELEPHONY.md). */
const dialPlanBody = z.strictObject({
  country: z
    .union([z.literal(''), z.enum(dialPlanCountries)])
    .default('')
    .describe("the ISO 3166 code of the trunk's country, such as 'CN'; '' for none"),
  short_numbers: distinct(
    text({ max: 8 })
      .refine(
        withinBounds(8, (value) => SHORT_NUMBER_PATTERN.test(value)),
        { params: { reason: 'notAllowed' } },
      )
      .describe("2 to 8 digits that go out on the trunk although they look like an extension, such as '112'"),
    dialPlanLimits.shortNumbersMax,
  ).default([]),
  allowed_prefixes: distinct(dialPrefix, dialPlanLimits.prefixesMax).default([]),
  blocked_prefixes: distinct(dialPrefix, dialPlanLimits.prefixesMax).default([]),
  international: z.enum(internationalDialling).default('nobody'),
});

const cmsDialPlan = z.object({
  country: z.union([z.literal(''), z.enum(dialPlanCountries)]),
  short_numbers: z.array(z.string()),
  allowed_prefixes: z.array(z.string()),
  blocked_prefixes: z.array(z.string()),
  international: z.enum(internationalDialling),
});

const trunkHost = text({ max: limits.trunkHost })
  .refine(withinBounds(limits.trunkHost, isTrunkHost), { params: { reason: 'notAllowed' } })
  .describe(
    "the SIP server of the carrier: a DNS name or an IP address, without scheme or port, such as 'sip.carrier.example'",
  );
const sipPort = z.number().int().min(1).max(65535).default(DEFAULT_SIP_PORT);

/** The carrier's other servers, each once and none the trunk's own host and port. */
const failoverHosts = z
  .array(z.strictObject({ host: trunkHost, port: sipPort }))
  .max(trunkFailover.hostsMax)
  .superRefine((list, ctx) => {
    const key = (entry: { host: string; port: number }) => `${entry.host.toLowerCase()}:${entry.port}`;
    for (const index of repeatedAt(list.map(key))) {
      ctx.addIssue({ code: 'custom', path: [index, 'host'], params: { reason: 'duplicate' }, message: 'duplicate' });
    }
  });

/** A carrier server of the trunk and what this node last found of it (OPTIONS pings). */
const carrierHealth = z.object({
  host: z.string(),
  port: z.number().int(),
  state: z.enum(carrierStates),
  /** The last answer's round trip; null when it did not answer. */
  round_trip_ms: z.number().nullable(),
  last_answer_at: timestamp.nullable(),
  /** When the state last changed; null while unchecked. */
  since: timestamp.nullable(),
});

/** A tenant's SIP trunk as every call shows it: the password only as whether there is one. */
export const cmsTrunk = z.object({
  tenant_id: z.string(),
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  transport: z.enum(trunkTransports),
  username: z.string().nullable(),
  has_password: z.boolean(),
  allowed_sources: z.array(z.string()),
  dids: z.array(z.string()),
  display_numbers: z.array(z.string()),
  max_calls: z.number().int().nullable(),
  max_waiting: z.number().int().nullable(),
  dial_plan: cmsDialPlan,
  failover_hosts: z.array(z.object({ host: z.string(), port: z.number().int() })),
  options_ping: z.boolean(),
  /** A call whose far end sends no audio this long is ended; null: never. */
  far_end_silence_seconds: z.number().int().nullable(),
  /** The trunk's host, then its failover hosts, as the node that answers last found them. */
  carriers: z.array(carrierHealth),
  updated_at: timestamp,
});
export type CmsTrunk = z.infer<typeof cmsTrunk>;

export const cmsCallCentreApi = {
  'cms/get_tenant_list': {
    body: listBody,
    data: z.object({ list: z.array(cmsTenant), total: z.number().int() }),
    guard: 'admin',
  },
  'cms/set_tenant_info': {
    /** Without `_id` it creates a tenant, with fresh secrets. */
    body: z.strictObject({
      _id: id.optional(),
      name: text({ max: limits.personName }),
      default_lang: z.enum(langCodes),
      acw_seconds: z.number().int().min(0).max(3600),
      not_ready_reasons: z.array(z.strictObject({ id: reasonId, name: text({ max: limits.personName }) })).max(20),
      display_numbers: z.array(phoneNumber).max(50),
      /**
       * What agents may say became of a call (setWrapUp). Optional for clients written before it:
       * absent keeps the tenant's list (none for a new tenant).
       */
      wrap_up_codes: z
        .array(z.strictObject({ id: reasonId, name: text({ max: limits.personName }) }))
        .max(wrapUpLimits.codes)
        .optional(),
    }),
    data: cmsTenant,
    guard: 'admin',
    effect: 'state',
  },
  'cms/reset_tenant_sso_token': {
    /** A new SSO public-key token; the old one stops working at once. */
    body: z.strictObject({ _id: id }),
    data: cmsTenant,
    guard: 'admin',
    effect: 'state',
  },
  'cms/get_agent_list': {
    body: z.strictObject({
      tenant_id: id,
      keyword: text({ min: 0, max: limits.keyword }).optional(),
      page_number: listBody.shape.page_number,
      page_size: listBody.shape.page_size,
    }),
    data: z.object({ list: z.array(cmsAgent), total: z.number().int() }),
    guard: 'admin',
  },
  'cms/set_agent_info': {
    /**
     * Without `_id` it creates an agent. At least one of e-mail, employee number and mobile.
     * `password` sets a new one; without it an agent keeps theirs (a new one signs in by SSO only).
     */
    body: z.strictObject({
      _id: id.optional(),
      tenant_id: id,
      name: text({ max: limits.personName }),
      email: optionalEmail.optional(),
      employee_no: text({ min: 0, max: 32 })
        .refine((value) => /^[\w-]*$/.test(value), { params: { reason: 'notAllowed' } })
        .optional(),
      mobile: z.union([z.literal(''), phoneNumber]).optional(),
      extension: text({ min: 0, max: 16 })
        .refine((value) => /^[0-9]*$/.test(value), { params: { reason: 'notAllowed' } })
        .optional(),
      role: agentRoleSchema,
      assistant_robot: z.boolean(),
      disabled: z.boolean().optional(),
      password: text({ min: limits.passwordMin, max: limits.password, trim: false }).optional(),
    }),
    data: cmsAgent,
    guard: 'admin',
    effect: 'state',
  },
  'cms/remove_agent_info': {
    body: z.strictObject({ _id: id }),
    data: z.object({ _id: z.string() }),
    guard: 'admin',
    effect: 'state',
  },
  'cms/get_trunk': {
    /** The tenant's SIP trunk, or null when it has none. */
    body: z.strictObject({ tenant_id: id }),
    data: cmsTrunk.nullable(),
    guard: 'admin',
  },
  'cms/set_trunk': {
    /**
     * Creates or replaces the tenant's SIP trunk (docs/TELEPHONY.md). `password` left out keeps
     * the stored one, '' clears it; an empty `username` (or null) means the carrier authenticates
     * by address, and drops any password. Switching it on needs SIP_LISTEN and RTPENGINE_NG on
     * the server (`telephonyNotConfigured`); a DID rings one tenant only (`didTaken`). Numbers
     * are compared without spaces, separators and a leading '+'. `dial_plan` left out keeps the
     * stored one (a new trunk: no country, no short numbers, international calls closed); a short
     * number may not be an agent's extension (`shortNumberIsExtension`). `max_calls` and
     * `max_waiting` (null: no cap) left out keep the stored ones (a new trunk: 30 and 20).
     * `failover_hosts`, the carrier's other servers (same transport), tried in order when the
     * host is down or does not answer an INVITE; left out keeps the stored ones (a new trunk: none).
     * `options_ping`: each server is sent an OPTIONS every SIP_OPTIONS_EVERY seconds and skipped
     * while it does not answer (off for a carrier that ignores OPTIONS: then only a call's own
     * INVITE finds a dead server); left out keeps the stored setting (a new trunk: on).
     * `far_end_silence_seconds`: a call whose far end sends no audio this long is ended (BYE to
     * the carrier, the agent told why); not counted while the far end holds the call; null:
     * never; left out keeps the stored setting (a new trunk: 60).
     */
    body: z.strictObject({
      tenant_id: id,
      enabled: z.boolean(),
      host: trunkHost,
      port: sipPort,
      transport: z.enum(trunkTransports).default('udp'),
      username: text({ min: 0, max: limits.trunkUsername })
        .refine(withinBounds(limits.trunkUsername, isTrunkUsername), { params: { reason: 'notAllowed' } })
        .nullable(),
      password: text({ min: 0, max: limits.password, trim: false }).optional(),
      allowed_sources: distinct(
        text({ max: 49 })
          .refine(withinBounds(49, isAllowableSource), { params: { reason: 'notAllowed' } })
          .describe(
            "an IPv4 or IPv6 address or CIDR prefix, such as '203.0.113.0/24'; no wider than /8 (IPv4) or /32 (IPv6)",
          ),
        limits.trunkSourcesMax,
      ),
      dids: distinct(phoneNumber, limits.trunkNumbersMax, numberKey),
      display_numbers: distinct(phoneNumber, limits.trunkNumbersMax, numberKey),
      max_calls: z.number().int().min(1).max(trunkCaps.largest).nullable().optional(),
      max_waiting: z.number().int().min(0).max(trunkCaps.largest).nullable().optional(),
      dial_plan: dialPlanBody.optional(),
      failover_hosts: failoverHosts.optional(),
      options_ping: z.boolean().optional(),
      far_end_silence_seconds: z
        .number()
        .int()
        .min(farEndSilence.smallest)
        .max(farEndSilence.largest)
        .nullable()
        .optional(),
    }),
    data: cmsTrunk,
    guard: 'admin',
    effect: 'state',
  },
  'cms/remove_trunk': {
    /** The tenant is back on the simulated network; its DIDs are free for another tenant. */
    body: z.strictObject({ tenant_id: id }),
    data: z.object({ tenant_id: z.string(), removed: z.boolean() }),
    guard: 'admin',
    effect: 'state',
  },
} as const satisfies Record<`cms/${string}`, ApiRoute>;
