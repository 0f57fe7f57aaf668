import type { ValueProblem } from './method-params';

/** The message key of each reason a typed value of a method parameter is refused. */
export const problemKey = {
  notNumber: 'demo.methods.notNumber',
  notBoolean: 'demo.methods.notBoolean',
  notJson: 'demo.methods.notJson',
  notObject: 'demo.methods.notObject',
} as const satisfies Record<ValueProblem, string>;
