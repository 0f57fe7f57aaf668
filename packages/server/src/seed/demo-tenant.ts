import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/**
 * The demo tenant's call centre, so every softphone flow works on first start: agents (one with
 * the assistant robot), a supervisor, not-ready reasons and displayed numbers. `npm start` and
 * the README print the logins; the SSO public-key token is random per install and printed too.
 */
export const demoAgents = [
  {
    name: 'Li Na',
    email: 'lina@demo.example.com',
    employee_no: '1001',
    mobile: '13800000001',
    extension: '8001',
    role: 'agent',
    assistant_robot: true,
  },
  {
    name: 'Wang Wei',
    email: 'wangwei@demo.example.com',
    employee_no: '1002',
    mobile: '13800000002',
    extension: '8002',
    role: 'agent',
    assistant_robot: false,
  },
  {
    name: 'Maria Garcia',
    email: 'maria@demo.example.com',
    employee_no: '1003',
    mobile: '13800000003',
    extension: '8003',
    role: 'agent',
    assistant_robot: false,
  },
  {
    name: 'Chen Jie',
    email: 'chenjie@demo.example.com',
    employee_no: '2001',
    mobile: '13800000009',
    extension: '8100',
    role: 'supervisor',
    assistant_robot: true,
  },
] as const;

/** Reason ids the phone translates; a tenant may add its own, shown by name. */
export const demoNotReadyReasons = [
  { id: 'break', name: 'Break' },
  { id: 'meeting', name: 'Meeting' },
  { id: 'training', name: 'Training' },
  { id: 'lunch', name: 'Lunch' },
];

/** What the demo's agents may say became of a call (setWrapUp). */
export const demoWrapUpCodes = [
  { id: 'resolved', name: 'Resolved' },
  { id: 'follow-up', name: 'Follow-up needed' },
  { id: 'sale', name: 'Sale' },
  { id: 'wrong-number', name: 'Wrong number' },
];

export const demoDisplayNumbers = ['+861080000001', '+861080000002', '+14155550100'];

/** Gives a tenant the demo call centre: reasons, wrap-up codes, displayed numbers, agents and a supervisor. */
export async function insertDemoCallCentre(trx: Executor, tenantId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('tenant')
    .set({
      not_ready_reasons: JSON.stringify(demoNotReadyReasons),
      display_numbers: JSON.stringify(demoDisplayNumbers),
      wrap_up_codes: JSON.stringify(demoWrapUpCodes),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', tenantId)
    .execute();
  await trx
    .insertInto('agent')
    .values(
      demoAgents.map((agent) => ({ ...agent, id: randomUUID(), tenant_id: tenantId, password_hash: passwordHash })),
    )
    .execute();
}
