import { timestampSchema } from '@usluge/contract';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors.ts';

/**
 * Requests are parsed by their route's zod schemas; the issues keep their input so that the error
 * handler can tell a missing value ('Obavezno polje.') from a wrong one. Responses are written by
 * their schemas, which drops every field a schema does not name: by a compiled serializer
 * (fast-json-stringify, as Fastify does for JSON Schemas) where the schema is plain data, which
 * costs a list page a fraction of zod's encode and JSON.stringify, else by zod's encode.
 */
export function registerZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  });
  app.setSerializerCompiler(responseSerializerCompiler);
}

const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const jsonSchema = plainJsonSchema(route.schema);
  if (!jsonSchema) return serializerCompiler(route);
  // Compiled on first use: building every route's serializer at start-up would slow it for
  // routes that may never answer.
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= fastJson(jsonSchema) as (data: unknown) => string;
    return serialize(data);
  };
};

/** A JSON Schema fast-json-stringify writes the very text zod's encode and JSON.stringify would. */
export type PlainJsonSchema = {
  type?: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
  format?: 'date-time';
  nullable?: boolean;
  properties?: Record<string, PlainJsonSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: PlainJsonSchema;
};

/** Checks that only refuse values; any other (trim, lowercase, custom refinements) falls back to zod. */
const VALIDATING_CHECKS = new Set([
  'less_than',
  'greater_than',
  'multiple_of',
  'number_format',
  'max_length',
  'min_length',
  'length_equals',
  'string_format',
]);

/** The timestamps' encode (a Date to its ISO text), which fast-json-stringify's date-time does alike. */
const encodeTimestamp = (timestampSchema._zod.def as { reverseTransform?: unknown }).reverseTransform;

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  reverseTransform?: unknown;
};

const primitiveOf = (values: unknown[]): PlainJsonSchema | undefined => {
  for (const type of ['string', 'number', 'boolean'] as const) {
    if (values.every((value) => typeof value === type)) return { type };
  }
  return undefined;
};

/**
 * The JSON Schema of a response schema made only of objects, arrays, strings, numbers, booleans,
 * enums, literals, nullable, optional and defaulted fields and timestamps; undefined for anything else
 * (unions, records, transforms other than the timestamp's), which zod writes instead.
 * Objects name their properties and admit no others, so that nothing unnamed is ever written.
 */
export function plainJsonSchema(schema: unknown): PlainJsonSchema | undefined {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.checks?.some((check) => !VALIDATING_CHECKS.has(check._zod.def.check))) return undefined;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { type: def.type };
    case 'enum':
      return primitiveOf(Object.values(def.entries ?? {}));
    case 'literal':
      return def.values?.every((value) => value === null) ? { type: 'null' } : primitiveOf(def.values ?? []);
    case 'pipe':
      return def.reverseTransform !== undefined && def.reverseTransform === encodeTimestamp
        ? { type: 'string', format: 'date-time' }
        : undefined;
    // Encoding applies no default (the field must be there), and readonly changes nothing written.
    case 'default':
    case 'readonly':
      return plainJsonSchema(def.innerType);
    case 'nullable': {
      const inner = plainJsonSchema(def.innerType);
      // A nullable null, or one nested twice, is not worth a case of its own.
      return inner?.type && inner.type !== 'null' && !inner.nullable
        ? { ...inner, nullable: true }
        : undefined;
    }
    case 'array': {
      const items = plainJsonSchema(def.element);
      return items && { type: 'array', items };
    }
    case 'object': {
      // A catch-all (looseObject, catchall) writes fields the shape does not name: zod's to write.
      if (def.catchall && def.catchall._zod.def.type !== 'never') return undefined;
      const properties: Record<string, PlainJsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const fieldDef = (field as { _zod: { def: Def } })._zod.def;
        const isOptional = fieldDef.type === 'optional';
        // fast-json-stringify writes the required fields first: an optional one before a
        // required one would change the order of the keys.
        if (!isOptional && required.length < Object.keys(properties).length) return undefined;
        const property = plainJsonSchema(isOptional ? fieldDef.innerType : field);
        if (!property) return undefined;
        properties[key] = property;
        if (!isOptional) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    default:
      return undefined;
  }
}
