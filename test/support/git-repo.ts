import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { tempDir } from "./project.js";

export interface GitRepo {
  readonly dir: string;
  /** Runs git in the repository; throws with git's stderr when it fails. */
  git(...args: string[]): string;
  write(path: string, text: string): Promise<void>;
  /** Stages everything and commits it. */
  commit(message: string): void;
  dispose(): Promise<void>;
}

/** A real git repository in a temp dir, with an identity of its own and no user or system config. */
export async function gitRepo(prefix: string): Promise<GitRepo> {
  const { dir, dispose } = await tempDir(prefix);
  const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.invalid" };
  const git = (...args: string[]): string => {
    const r = spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
    return r.stdout;
  };
  git("init", "-q", "-b", "main");
  return {
    dir,
    git,
    write: async (path, text) => {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    },
    commit: (message) => {
      git("add", "-A");
      git("commit", "-q", "-m", message);
    },
    dispose,
  };
}
