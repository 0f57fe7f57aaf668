import type { ParamDefinition } from '@open/protocol/softphone/catalogue';

/** A parameter's type as the reference pages write it: `enum` with its values, `string` with its length. */
export function ParamType({ param }: { param: ParamDefinition }) {
  if (param.type === 'enum' && param.values)
    return <code>{param.values.map((v) => JSON.stringify(v)).join(' | ')}</code>;
  return (
    <code>
      {param.type}
      {param.nullable ? ' | null' : ''}
    </code>
  );
}
