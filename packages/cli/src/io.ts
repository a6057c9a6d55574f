export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export const EXIT = { ok: 0, findings: 1, usage: 2, internal: 3 } as const;
