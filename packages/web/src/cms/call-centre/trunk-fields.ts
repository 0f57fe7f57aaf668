/**
 * The SIP trunk form's values, checks and refusals, without React (TrunkForm.tsx shows them).
 * The checks are the server's own rules (the protocol's trunk.ts), so a value the form takes is
 * one the server takes; a refusal the server still sends lands on the field it is about.
 */
import type { TFunction } from 'i18next';
import type { ApiBody, ApiEnvelope, CmsTrunk } from '@open/protocol/api';
import {
  DIAL_PREFIX_PATTERN,
  dialPlanLimits,
  newDialPlan,
  SHORT_NUMBER_PATTERN,
  type DialPlanCountry,
  type InternationalDialling,
} from '@open/protocol/dial-plan';
import type { FieldIssue } from '@open/protocol/errors';
import { limits } from '@open/protocol/limits';
import {
  DEFAULT_SIP_PORT,
  isAllowableSource,
  isSourceTooBroad,
  SOURCE_PREFIX_MIN,
  isTrunkHost,
  isTrunkUsername,
  numberKey,
  farEndSilence,
  trunkCaps,
  type CarrierHost,
  type TrunkTransport,
} from '@open/protocol/trunk';
import { isApiEnvelope } from '../../api/client';
import { errorNameOf } from '../../ui/feedback';
import type { FieldError } from '../shared/field-errors';
import { isPhoneNumber, normalizePhoneNumber } from './fields';

export interface TrunkValues {
  enabled: boolean;
  host: string;
  port: number;
  transport: TrunkTransport;
  username: string;
  /** A new password; empty keeps the saved one (or, with `clearPassword`, removes it). */
  password: string;
  allowed_sources: string[];
  dids: string[];
  display_numbers: string[];
  /** Calls at once and callers waiting at once; null (the field left empty): no cap. */
  max_calls: number | null;
  max_waiting: number | null;
  /** The dial plan's fields, flat on the form (cms/set_trunk nests them in `dial_plan`). */
  country: DialPlanCountry | '';
  short_numbers: string[];
  allowed_prefixes: string[];
  blocked_prefixes: string[];
  international: InternationalDialling;
  /** The carrier's other servers, in the order calls try them. */
  failover_hosts: CarrierHost[];
  options_ping: boolean;
  /** Seconds of the carrier's silence that end a call; null (the field left empty): never. */
  far_end_silence_seconds: number | null;
}

/** The list fields, shown as tags: each refused entry is said on its list. */
export const trunkLists = [
  'allowed_sources',
  'dids',
  'display_numbers',
  'short_numbers',
  'allowed_prefixes',
  'blocked_prefixes',
] as const;
export type TrunkList = (typeof trunkLists)[number];

export const trunkListMax: Record<TrunkList, number> = {
  allowed_sources: limits.trunkSourcesMax,
  dids: limits.trunkNumbersMax,
  display_numbers: limits.trunkNumbersMax,
  short_numbers: dialPlanLimits.shortNumbersMax,
  allowed_prefixes: dialPlanLimits.prefixesMax,
  blocked_prefixes: dialPlanLimits.prefixesMax,
};

/** The form's values for a tenant's trunk, or a new trunk's (switched off, port 5060, UDP). */
export function trunkValues(trunk: CmsTrunk | null | undefined): TrunkValues {
  const plan = trunk?.dial_plan ?? newDialPlan();
  return {
    enabled: trunk?.enabled ?? false,
    host: trunk?.host ?? '',
    port: trunk?.port ?? DEFAULT_SIP_PORT,
    transport: trunk?.transport ?? 'udp',
    username: trunk?.username ?? '',
    password: '',
    allowed_sources: trunk?.allowed_sources ?? [],
    dids: trunk?.dids ?? [],
    display_numbers: trunk?.display_numbers ?? [],
    // A saved trunk's null is no cap; a new one starts with the protocol's caps.
    max_calls: trunk ? trunk.max_calls : trunkCaps.maxCalls,
    max_waiting: trunk ? trunk.max_waiting : trunkCaps.maxWaiting,
    country: plan.country,
    short_numbers: plan.short_numbers,
    allowed_prefixes: plan.allowed_prefixes,
    blocked_prefixes: plan.blocked_prefixes,
    international: plan.international,
    failover_hosts: trunk?.failover_hosts ?? [],
    options_ping: trunk?.options_ping ?? true,
    // A saved trunk's null is never; a new one starts with the protocol's limit.
    far_end_silence_seconds: trunk ? trunk.far_end_silence_seconds : farEndSilence.seconds,
  };
}

/** cms/set_trunk's body: an empty password keeps the saved one unless it is to be cleared. */
export function trunkBody(tenantId: string, values: TrunkValues, clearPassword: boolean): ApiBody<'cms/set_trunk'> {
  const password = values.password !== '' ? { password: values.password } : clearPassword ? { password: '' } : {};
  return {
    tenant_id: tenantId,
    enabled: values.enabled,
    host: values.host.trim(),
    port: values.port,
    transport: values.transport,
    username: values.username.trim(),
    ...password,
    allowed_sources: values.allowed_sources,
    dids: values.dids,
    display_numbers: values.display_numbers,
    max_calls: values.max_calls,
    max_waiting: values.max_waiting,
    dial_plan: {
      country: values.country,
      short_numbers: values.short_numbers,
      allowed_prefixes: values.allowed_prefixes,
      blocked_prefixes: values.blocked_prefixes,
      international: values.international,
    },
    failover_hosts: values.failover_hosts.map(({ host, port }) => ({ host: host.trim(), port })),
    options_ping: values.options_ping,
    far_end_silence_seconds: values.far_end_silence_seconds,
  };
}

/** Whether failover server `at` is the trunk's host or an earlier failover server (same host and port). */
export function sameCarrierHost(values: Pick<TrunkValues, 'host' | 'port' | 'failover_hosts'>, at: number): boolean {
  const key = ({ host, port }: CarrierHost) => `${host.trim().toLowerCase()}:${port}`;
  const entry = values.failover_hosts[at];
  if (!entry) return false;
  const before = [{ host: values.host, port: values.port }, ...values.failover_hosts.slice(0, at)];
  return before.some((other) => key(other) === key(entry));
}

/** Entries once each, in the order typed: `key` says when two are the same. */
function once(values: readonly string[], key: (value: string) => string): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (value === '' || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Typed or pasted addresses, trimmed, each once. */
export const tidyAddresses = (values: readonly string[]): string[] =>
  once(
    values.map((value) => value.trim()),
    (value) => value.toLowerCase(),
  );

/** Typed or pasted numbers as the server keeps them ('+1 415-555 0100' -> '+14155550100'), each once. */
export const tidyNumbers = (values: readonly string[]): string[] => once(values.map(normalizePhoneNumber), numberKey);

const entryFits: Record<TrunkList, (value: string) => boolean> = {
  allowed_sources: isAllowableSource,
  dids: isPhoneNumber,
  display_numbers: isPhoneNumber,
  short_numbers: (value) => SHORT_NUMBER_PATTERN.test(value),
  allowed_prefixes: (value) => DIAL_PREFIX_PATTERN.test(value),
  blocked_prefixes: (value) => DIAL_PREFIX_PATTERN.test(value),
};

/** The entries of a list the server would refuse. */
export function refusedEntries(list: TrunkList, values: readonly string[]): string[] {
  return values.filter((value) => !entryFits[list](value));
}

/** What the form says of a list's refused entry. */
export function entryRule(t: TFunction, list: TrunkList, value: string): string {
  if (list === 'short_numbers') return t('cms.trunk.shortNumberRule', { value });
  if (list === 'allowed_prefixes' || list === 'blocked_prefixes') return t('cms.trunk.prefixRule', { value });
  if (list !== 'allowed_sources') return t('cms.trunk.numberRule', { value });
  if (isSourceTooBroad(value)) {
    return t('cms.trunk.sourceTooBroad', { value, v4: SOURCE_PREFIX_MIN[4], v6: SOURCE_PREFIX_MIN[6] });
  }
  return t('cms.trunk.sourceRule', { value });
}

/** What is wrong with a list as the form holds it: its first refused entry, or its length. */
export function listProblem(t: TFunction, list: TrunkList, values: readonly string[]): string | undefined {
  const [first] = refusedEntries(list, values);
  if (first !== undefined) return entryRule(t, list, first);
  return values.length > trunkListMax[list] ? t('cms.trunk.tooMany', { max: trunkListMax[list] }) : undefined;
}

export const hostFits = (host: string): boolean => isTrunkHost(host.trim());
export const usernameFits = (username: string): boolean => username.trim() === '' || isTrunkUsername(username.trim());

/** The form's own words for a server issue, by field and reason; undefined: the server's message. */
function issueText(t: TFunction, issue: FieldIssue, values: TrunkValues): string | undefined {
  const [field = '', index] = formPath(issue.field);
  if ((trunkLists as readonly string[]).includes(field)) {
    const list = field as TrunkList;
    const value = index === undefined ? undefined : values[list][Number(index)];
    if (issue.reason === 'tooBig') return t('cms.trunk.tooMany', { max: trunkListMax[list] });
    if (value === undefined) return undefined;
    if (issue.reason === 'duplicate') return t('cms.trunk.duplicate', { value });
    if (issue.reason === 'notAllowed') return entryRule(t, list, value);
    return undefined;
  }
  if (field === 'failover_hosts') {
    if (issue.reason === 'duplicate') return t('cms.trunk.failoverDuplicate');
    if (issue.reason === 'notAllowed') return t('cms.trunk.hostRule');
    if (issue.reason === 'required') return t('cms.trunk.hostRequired');
    return undefined;
  }
  if (issue.reason !== 'notAllowed' && issue.reason !== 'required') return undefined;
  if (field === 'host') return issue.reason === 'required' ? t('cms.trunk.hostRequired') : t('cms.trunk.hostRule');
  if (field === 'username')
    return issue.reason === 'required' ? t('cms.trunk.usernameRequired') : t('cms.trunk.usernameRule');
  return undefined;
}

const FORM_FIELDS: readonly string[] = [
  'enabled',
  'host',
  'port',
  'transport',
  'username',
  'password',
  'max_calls',
  'max_waiting',
  'country',
  'international',
  'failover_hosts',
  'far_end_silence_seconds',
  ...trunkLists,
];

/** A server issue's field as the form names it: the dial plan's fields sit flat on the form. */
const formPath = (field: string): string[] => {
  const parts = field.split('.');
  return parts[0] === 'dial_plan' ? parts.slice(1) : parts;
};

/**
 * Where a refusal of cms/set_trunk belongs on the form: each field issue on its field (an entry
 * of a list on the list, naming the entry), a taken DID on the DIDs, a metadata or link-local
 * host on the host, a server without telephony on the on/off switch, a server without a key
 * to seal passwords with on the password. Empty when it belongs on no field, so the caller shows a message.
 */
export function trunkFieldErrors(error: unknown, values: TrunkValues, t: TFunction): FieldError[] {
  if (!isApiEnvelope(error)) return [];
  const name = errorNameOf(error);
  if (name === 'didTaken') return [{ name: ['dids'], errors: [error.message] }];
  if (name === 'trunkHostForbidden') return [{ name: fieldName(error.data) ?? ['host'], errors: [error.message] }];
  if (name === 'telephonyNotConfigured') return [{ name: ['enabled'], errors: [error.message] }];
  if (name === 'secretsKeyMissing') return [{ name: ['password'], errors: [error.message] }];
  if (name === 'shortNumberIsExtension') return [{ name: ['short_numbers'], errors: [error.message] }];
  if (name !== 'invalidField') return [];
  const issues = (error as ApiEnvelope<{ issues?: FieldIssue[] } | null>).data?.issues ?? [];
  // One message per field: the first issue about it. A failover server's issue goes on its own input.
  const byField = new Map<string, { name: (string | number)[]; message: string }>();
  for (const issue of issues) {
    const path = formPath(issue.field);
    const field = path[0] ?? '';
    const name = field === 'failover_hosts' ? listItemName(path) : [field];
    const key = name.join('.');
    if (!FORM_FIELDS.includes(field) || byField.has(key)) continue;
    byField.set(key, { name, message: issueText(t, issue, values) ?? issue.message });
  }
  return [...byField.values()].map(({ name, message }) => ({ name, errors: [message] }));
}

/** 'failover_hosts.1.host' as the form names it: ['failover_hosts', 1, 'host']; the list itself when no entry is named. */
function listItemName(path: string[]): (string | number)[] {
  const [field = '', index, part = 'host'] = path;
  return index === undefined ? [field] : [field, Number(index), part];
}

/** A refusal's `data.field` ('host', 'failover_hosts.0.host') as the form names it; undefined when there is none. */
function fieldName(data: unknown): (string | number)[] | undefined {
  const field = (data as { field?: unknown } | null)?.field;
  if (typeof field !== 'string') return undefined;
  const path = field.split('.');
  return path[0] === 'failover_hosts' ? listItemName(path) : [field];
}
