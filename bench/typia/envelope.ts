// The bench_result envelope as typia types, written by hand from bench/specs/bench_result.yaml the
// way a typia user would. `npm run bench` runs `typia generate` on this folder (bench/lib/peers/typia-build.mjs);
// the generated validator is what the typia rows time.
import typia, { tags } from "typia";

type DateTime = string & tags.Format<"date-time"> & tags.MaxLength<35>;
type Integer<Min extends number> = number & tags.Type<"int64"> & tags.Minimum<Min>;

interface Author {
  id: Integer<1>;
  login: string & tags.Pattern<"^[A-Za-z0-9][A-Za-z0-9-]{0,38}$">;
  name: string & tags.MaxLength<100>;
  role: "owner" | "maintainer" | "member" | "guest";
}

interface Item {
  id: string & tags.Pattern<"^ITM-[0-9]{1,10}$">;
  title: string & tags.MaxLength<200>;
  state: "open" | "in_progress" | "blocked" | "closed";
  priority: "p0" | "p1" | "p2" | "p3";
  author: Author;
  labels: Array<string & tags.MaxLength<32>> & tags.MaxItems<10>;
  created_at: DateTime;
  updated_at: DateTime;
  comments: Integer<0>;
  snippet?: string & tags.MaxLength<500>;
}

/** One row of the key-dense list: five short members. */
interface Row {
  id: Integer<0>;
  k: string & tags.MaxLength<16>;
  v: number & tags.Type<"int64">;
  ok: boolean;
  t: "a" | "b" | "c";
}

interface Data {
  project_id: string & tags.Pattern<"^[a-z0-9][a-z0-9-]{2,62}$">;
  observed_at: DateTime;
  status: "green" | "amber" | "red" | "unknown";
  title: string & tags.MaxLength<200>;
  summary?: string & tags.MaxLength<2000>;
  tags?: Array<string & tags.MaxLength<40>> & tags.MaxItems<20>;
  counts: { open: Integer<0>; closed: Integer<0>; total: Integer<0> };
  items: Item[] & tags.MaxItems<5000>;
  rows?: Row[] & tags.MaxItems<20000>;
}

type RequestId = string & tags.Pattern<"^[A-Za-z0-9][A-Za-z0-9_.\\-]{7,63}$">;

interface Success {
  tool: "bench_result";
  request_id: RequestId;
  outcome: "success";
  data: Data;
}

interface Failure {
  tool: "bench_result";
  request_id: RequestId;
  outcome: "failure";
  error: { code: "INVALID_RESPONSE" | "NOT_FOUND" | "UPSTREAM_UNAVAILABLE"; retryable: boolean };
}

/** Exact objects (no extra members), as the spec's closed objects. */
export const validateEnvelope = typia.createValidateEquals<Success | Failure>();
