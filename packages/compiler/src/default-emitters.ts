import { adapterEmitter } from "./emit/adapter.js";
import { bindingsEmitter } from "./emit/bindings/index.js";
import { bindingListsEmitter } from "./emit/bindings/registry.js";
import { clientEmitter, definitionListsEmitter, definitionsEmitter } from "./emit/definitions/index.js";
import type { Emitter } from "./emit/emitter.js";
import { manifestEmitter } from "./emit/manifest.js";
import { registryEmitter } from "./emit/registry.js";
import { selectorEmitter } from "./emit/select.js";
import { typesEmitter } from "./emit/types.js";
import { undeclaredEmitter } from "./emit/undeclared/walker.js";
import { validatorsEmitter } from "./emit/validators.js";

/** What `gen` emits, in this order. */
export const DEFAULT_EMITTERS: readonly Emitter[] = [
  typesEmitter,
  validatorsEmitter,
  selectorEmitter,
  adapterEmitter,
  undeclaredEmitter,
  definitionsEmitter,
  clientEmitter,
  bindingsEmitter,
  definitionListsEmitter,
  bindingListsEmitter,
  registryEmitter,
  manifestEmitter,
];
