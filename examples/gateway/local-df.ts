/** A real command for ssh_disk_usage in the examples: local `df` stands in for `ssh <host> df -P -k -- <mount>`. */
import { parseDiskUsage } from "@toolgate/runtime/upstream";
import type { CommandUpstream } from "./attempts.js";

export const localDiskUsage: CommandUpstream<{ mount?: string }> = {
  command: {
    file: "df",
    argsFor: (input) => ["-P", "-k", "--", input.mount ?? "/"],
    parse: parseDiskUsage,
    timeoutMs: 5_000,
  },
};
