import { Ajv2020, type CodeOptions } from "ajv/dist/2020.js";
import { SUPPORTED_FORMATS } from "./schema-rules.js";

/**
 * Ajv as toolgate runs it: the front end's strict check and the validator emitter use the same
 * options, so a schema the check accepts is one the emitter can compile. `validateSchema: false`
 * skips Ajv's own meta-schema validation (compiling the 2020-12 meta-schema, about 100 ms in a fresh
 * process) for schemas the front end has already checked against it (checkMetaSchema).
 */
export function newAjv(code: CodeOptions = {}, validateSchema = true): Ajv2020 {
  const ajv = new Ajv2020({
    validateSchema,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: false,
    // A name under properties that a patternProperties pattern also matches gets both schemas: legal
    // 2020-12 that Ajv's strict mode calls a likely mistake, and our validators implement it.
    allowMatchingProperties: true,
    // Every failure reaches the operator (bounded when the event is built), as from our own validators.
    allErrors: true,
    // The operator channel keeps paths and keywords only; message strings would be dead weight.
    messages: false,
    // Own members only: a polluted Object.prototype, or its own members (a field named toString),
    // must never satisfy `required` or a property schema.
    ownProperties: true,
    discriminator: true,
    // One function per definition instead of a copy at every use: smaller modules, faster cold start.
    inlineRefs: false,
    code,
  });
  // Only the names matter at build time: the generated code calls the runtime's implementations.
  for (const format of SUPPORTED_FORMATS) ajv.addFormat(format, () => true);
  return ajv;
}
