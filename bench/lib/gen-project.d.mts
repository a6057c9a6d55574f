/** Writes `<dir>/specs` with `count` specs made from the example specs; returns the specs directory. */
export function writeProject(dir: string, count: number): Promise<string>;
/** Edits one spec's description (a different text per `round`). */
export function editOneSpec(specsDir: string, round: number): Promise<void>;
