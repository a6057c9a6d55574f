import { format } from "node:util";
import { vi } from "vitest";

const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug", "trace", "dir"] as const;

/** Everything written to the console, stdout or stderr, or raised as a process warning, while active. */
export interface OutputCapture {
  readonly written: string[];
  stop(): void;
}

/** Spies on every output channel and swallows what it captures, so a leak is asserted, not printed. */
export function captureOutput(): OutputCapture {
  const written: string[] = [];
  const spies = [
    ...CONSOLE_METHODS.map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(format(...args))),
    ),
    ...[process.stdout, process.stderr].map((stream) =>
      vi
        .spyOn(stream, "write")
        .mockImplementation((chunk: string | Uint8Array) => (written.push(Buffer.from(chunk).toString("utf8")), true)),
    ),
  ];
  const onWarning = (warning: Error): void => void written.push(`${warning.name}: ${warning.message}`);
  const onRejection = (reason: unknown): void => void written.push(`unhandledRejection: ${format(reason)}`);
  process.on("warning", onWarning);
  process.on("unhandledRejection", onRejection);
  return {
    written,
    stop() {
      spies.forEach((spy) => spy.mockRestore());
      process.off("warning", onWarning);
      process.off("unhandledRejection", onRejection);
    },
  };
}
