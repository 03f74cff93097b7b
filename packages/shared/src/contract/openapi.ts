import { z } from 'zod';
import type { CallDef } from './define';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  // transforms and coercions have no JSON Schema form of their own: their declared side stands for them
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'string', description: "'200' or '201' on success, else a catalogue code" },
      message: { type: 'string', description: "the code's text in the caller's language" },
      data,
    },
  };
}

const refusal = {
  description: 'A refusal: the envelope with a catalogue code (docs/requirements/error-catalogue.md)',
  content: { 'application/json': { schema: envelope({}) } },
};

function success(c: CallDef): JsonSchema {
  if (c.answer === 'file') return { description: 'The file', content: { 'application/octet-stream': {} } };
  const output = schemaOf(c.output, 'output');
  const schema = c.answer === 'bare' ? output : envelope(output);
  return { description: 'Success', content: { 'application/json': { schema } } };
}

const mediaType = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: 'multipart/form-data',
};

/**
 * The OpenAPI 3.1 document of the given calls: each with its input (body or query), its answer
 * inside the `{code, message, data}` envelope, whether it is public and the permission it needs.
 */
export function openApiDocument(
  calls: readonly CallDef[],
  info: { title: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const c of calls) {
    const input = c.input ? schemaOf(c.input, 'input') : undefined;
    const perm = c.access.public ? undefined : c.access.perm;
    const operation: Record<string, unknown> = {
      tags: [c.tag],
      summary: c.summary,
      operationId: `${c.method.toLowerCase()}${c.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      security: c.access.public ? [] : [{ session: [] }],
      ...(perm ? { 'x-permission': perm } : {}),
      responses: {
        '200': success(c),
        default: refusal,
      },
    };
    if (input && c.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((input.required ?? []) as string[]);
      operation.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else if (input) {
      operation.requestBody = { required: true, content: { [mediaType[c.body]]: { schema: input } } };
    }
    (paths[c.path] ??= {})[c.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
  };
}
