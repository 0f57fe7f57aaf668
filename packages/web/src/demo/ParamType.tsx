import type { ParamDefinition } from '@open/protocol/softphone/catalogue';

/**
 * A parameter's type as the reference pages write it: `enum` with its values, `string` with its
 * length. Code reads left to right on an Arabic page too: a wrapped list of quoted values laid
 * out right to left would scramble its quotes.
 */
export function ParamType({ param }: { param: ParamDefinition }) {
  if (param.type === 'enum' && param.values)
    return <code dir="ltr">{param.values.map((v) => JSON.stringify(v)).join(' | ')}</code>;
  return (
    <code dir="ltr">
      {param.type}
      {param.nullable ? ' | null' : ''}
    </code>
  );
}
