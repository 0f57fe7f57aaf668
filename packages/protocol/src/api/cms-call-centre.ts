/**
 * `cms/*` calls of the call centre (issue #8): tenants and their agents, managed by CMS admins.
 * A tenant's SSO public-key token is shown to admins (they hand it to the integrator) and can be
 * replaced; its signing key never leaves the server.
 */
import { z } from 'zod';
import { langCodes } from '../locales.js';
import { limits } from '../limits.js';
import { id, listBody, optionalEmail, phoneNumber, text, timestamp, type ApiRoute } from './common.js';

const reasonId = text({ max: 32 }).refine((value) => /^[a-z0-9_-]+$/.test(value), { params: { reason: 'notAllowed' } });

export const cmsTenant = z.object({
  _id: z.string(),
  name: z.string(),
  default_lang: z.string(),
  acw_seconds: z.number().int(),
  not_ready_reasons: z.array(z.object({ id: z.string(), name: z.string() })),
  display_numbers: z.array(z.string()),
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
} as const satisfies Record<`cms/${string}`, ApiRoute>;
