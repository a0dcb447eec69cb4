import { z } from 'zod';

/**
 * Route schemas for the OpenAPI document, generated from the shared zod schemas.
 * They document only: zod validates every request (see docs.routes.ts), so the two never disagree.
 */

type JsonSchema = Record<string, unknown>;

/** Who may call a route is its `config.access`, documented from there (plugins/auth.ts). */
interface Access {
  /** The route has an `{id}` path parameter. */
  id?: boolean;
  /** Other path parameters, by name, with their descriptions. */
  params?: Record<string, string>;
}

/**
 * The input side of a zod schema (of the full API or zod/mini) as JSON Schema; list fields a form may omit are not
 * listed as required.
 */
export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  if (Array.isArray(json.required)) {
    json.required = (json.required as string[]).filter((name) => properties[name]?.type !== 'array');
  }
  return json;
}

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The record _id' } },
  required: ['id'],
};

function base(tag: string, summary: string, access: Access): JsonSchema {
  const params = access.params
    ? {
        type: 'object',
        properties: Object.fromEntries(Object.entries(access.params).map(([name, description]) => [name, { type: 'string', description }])),
        required: Object.keys(access.params),
      }
    : undefined;
  return {
    tags: [tag],
    summary,
    ...(access.id ? { params: idParams } : params ? { params } : {}),
  };
}

const binary = { type: 'string', format: 'binary' };

export const doc = {
  read(tag: string, summary: string, options: Access & { query?: z.ZodType } = {}): JsonSchema {
    return { ...base(tag, summary, options), ...(options.query ? { querystring: jsonSchemaOf(options.query) } : {}) };
  },

  json(tag: string, summary: string, body: z.core.$ZodType, access: Access = {}): JsonSchema {
    return { ...base(tag, summary, access), body: jsonSchemaOf(body) };
  },

  /** A multipart form (files under `file`) that also accepts the same fields as JSON. */
  form(tag: string, summary: string, body: z.ZodType, options: Access & { files: 'one' | 'many' }): JsonSchema {
    const json = jsonSchemaOf(body);
    const properties = {
      ...(json.properties as JsonSchema),
      file: options.files === 'one' ? binary : { type: 'array', items: binary },
    };
    return {
      ...base(tag, summary, options),
      consumes: ['multipart/form-data', 'application/json'],
      body: { ...json, properties },
    };
  },

  action(tag: string, summary: string, access: Access = {}): JsonSchema {
    return base(tag, summary, access);
  },
};
