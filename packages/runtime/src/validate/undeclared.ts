import { shownName } from "./shown-name.js";

/** How many undeclared members an event lists. */
export const MAX_UNDECLARED = 16;

const token = (name: string): string => shownName(name.replace(/~/g, "~0").replace(/\//g, "~1"));

/**
 * What a generated undeclared-member walker (`unknown_members: ignore` tools) records: the JSON
 * Pointers of members the spec does not declare, each segment shown as shownName does, at most
 * MAX_UNDECLARED (the walk stops once that many are found).
 */
export class UndeclaredMembers {
  readonly pointers: string[] = [];

  get full(): boolean {
    return this.pointers.length >= MAX_UNDECLARED;
  }

  add(at: string, name: string): void {
    if (!this.full) this.pointers.push(this.at(at, name));
  }

  /** The pointer of member `name` of the object at `at`. */
  at(at: string, name: string): string {
    return `${at}/${token(name)}`;
  }
}
