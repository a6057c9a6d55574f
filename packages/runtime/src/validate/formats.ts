import { isDate, isDateTime, isTime } from "../time/rfc3339.js";
import { isDuration } from "./duration.js";
import { isEmail, isIdnEmail } from "./email.js";
import { isHostname, isIdnHostname } from "./hostname.js";
import { isIpv4, isIpv6 } from "./ip.js";
import { isIri, isIriReference } from "./iri.js";
import { isJsonPointer, isRelativeJsonPointer } from "./json-pointer.js";
import { isRegex } from "./regex.js";
import { isUriTemplate } from "./uri-template.js";
import { isUri, isUriReference } from "./uri.js";

/**
 * Format assertions for generated validators. Self-contained (no ajv-formats at run time) and
 * linear-time: every regex here has no ambiguous repetition.
 */

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const formats: Readonly<Record<string, (text: string) => boolean>> = Object.freeze({
  date: isDate,
  "date-time": isDateTime,
  duration: isDuration,
  email: isEmail,
  hostname: isHostname,
  "idn-email": isIdnEmail,
  "idn-hostname": isIdnHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  iri: isIri,
  "iri-reference": isIriReference,
  "json-pointer": isJsonPointer,
  regex: isRegex,
  "relative-json-pointer": isRelativeJsonPointer,
  time: isTime,
  uri: isUri,
  "uri-reference": isUriReference,
  "uri-template": isUriTemplate,
  uuid: (text: string) => UUID.test(text),
});
