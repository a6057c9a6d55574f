import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * The "next:" lines `toolgate init` prints. The packages are not on the npm registry, so a package
 * that does not have them yet gets the README's install commands from the tarballs ("Install"),
 * never an `npm install @toolgate/...` that would fail; one that has them gets only the gen steps.
 */

/** Which of the packages the project already has: the runtime its adapters import, and the CLI. */
export interface Installed {
  readonly runtime: boolean;
  readonly cli: boolean;
}

/** What the install commands name: the tarballs' version and the TypeScript the CLI is built with. */
export interface Release {
  readonly version: string;
  readonly typescript: string;
}

const GEN_STEPS = [
  "  npm run gen         # compile the specs into typed adapters",
  "  npm run gen:check   # in CI: exit 1 when the generated code is out of date",
];

const tarball = (name: string, version: string): string => `"$TOOLGATE_PACKAGES/toolgate-${name}-${version}.tgz"`;

/** The next steps for a package with what it has installed. */
export function nextSteps(installed: Installed, release: Release): string[] {
  const installs = [
    ...(installed.runtime ? [] : [`  npm install ${tarball("runtime", release.version)}`]),
    ...(installed.cli ? [] : [`  npm install --save-dev --save-exact ${["spec", "compiler", "cli"].map((n) => tarball(n, release.version)).join(" ")} typescript@${release.typescript}`]),
  ];
  const how = installs.length === 0 ? [] : ["  # the packages are not on the npm registry: pack them into $TOOLGATE_PACKAGES as the README's Install says, then"];
  return ["next:", ...how, ...installs, ...GEN_STEPS];
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** Whether package.json declares the package, in any dependency field; an unreadable one declares nothing. */
function declares(packageJson: string | undefined, name: string): boolean {
  try {
    const parsed = record(JSON.parse(packageJson ?? "{}"));
    return DEPENDENCY_FIELDS.some((field) => Object.hasOwn(record(parsed[field]), name));
  } catch {
    return false;
  }
}

/** Whether Node would resolve the package from `dir`: a node_modules of it or of a parent holds it. */
function resolvable(dir: string, name: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, "node_modules", name, "package.json"))) return true;
    if (dirname(at) === at) return false;
  }
}

/** What the package at `dir` has, from its package.json text (as init read it) and the node_modules Node resolves from. */
export function installedIn(dir: string, packageJson: string | undefined): Installed {
  const has = (name: string): boolean => declares(packageJson, name) || resolvable(dir, name);
  return { runtime: has("@toolgate/runtime"), cli: has("@toolgate/cli") };
}

/** This CLI's release, from its own package.json (the tarballs are named by its version). */
export async function thisRelease(): Promise<Release> {
  const own = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8")) as { version: string; dependencies: Record<string, string> };
  return { version: own.version, typescript: own.dependencies["typescript"]! };
}
