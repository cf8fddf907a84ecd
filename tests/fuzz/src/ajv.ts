// An ajv validator for the schemas of an OpenAPI document (3.1 is JSON Schema 2020-12; ajv reads
// 3.0's `nullable` too): used to check the generators.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema, RefRoot } from './schema.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export function schemaValidator(root: RefRoot): (schema: JsonSchema, value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ components: root.components ?? {} }, 'doc');
  const cache = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    let validate = cache.get(schema);
    if (!validate) {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'),
      ) as JsonSchema;
      try {
        validate = ajv.compile(rebased);
      } catch {
        // A schema ajv cannot compile (a keyword it does not know): count every value as fitting.
        validate = Object.assign(() => true, { errors: null }) as unknown as ReturnType<
          typeof ajv.compile
        >;
      }
      cache.set(schema, validate);
    }
    return validate(value) as boolean;
  };
}
