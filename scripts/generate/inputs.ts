// Where `npm run generate` reads each input: the project's own data first (data/extracted, written by
// `npm run extract` from upstream checkouts; data/reviewed, hand-assembled supplements with evidence per row),
// then ../shared for the inputs the project does not hold yet (listed in scripts/generate/README.md, "Inputs").
// Every input taken from ../shared is recorded, so the run says which facts still come from outside the project.
import * as fs from 'node:fs';
import * as path from 'node:path';

export class Inputs {
  /** Inputs (relative paths) read from ../shared, in the order first read. */
  readonly fromShared: string[] = [];

  constructor(
    /** The project's extracted data (layout upstream/ + reference/). */
    readonly project: string,
    /** ../shared (the same layout); the fallback. */
    readonly shared: string,
    /** The project's reviewed supplements (the same layout), read after `project`. */
    readonly reviewed?: string,
  ) {}

  /** The root holding `rel` (project first), or undefined when neither does. */
  rootOf(rel: string): string | undefined {
    if (fs.existsSync(path.join(this.project, rel))) return this.project;
    if (this.reviewed && fs.existsSync(path.join(this.reviewed, rel))) return this.reviewed;
    if (fs.existsSync(path.join(this.shared, rel))) {
      if (!this.fromShared.includes(rel)) this.fromShared.push(rel);
      return this.shared;
    }
    return undefined;
  }

  /**
   * The path of `rel` in the reviewed data, else ../shared, whatever the extraction wrote: for inputs whose extracted
   * form is not yet shown to reproduce schemas/ (the served group-versions of 1.34–1.37; README "Inputs").
   */
  sharedFile(rel: string): string {
    if (this.reviewed && fs.existsSync(path.join(this.reviewed, rel))) return path.join(this.reviewed, rel);
    const file = path.join(this.shared, rel);
    if (!fs.existsSync(file)) throw new Error(`${rel}: not in ${this.shared}; the project's data does not replace it yet (see scripts/generate/README.md, "Inputs")`);
    if (!this.fromShared.includes(rel)) this.fromShared.push(rel);
    return file;
  }

  /** The path of `rel`; throws, naming both places, when neither holds it. */
  file(rel: string): string {
    const root = this.rootOf(rel);
    if (!root) throw new Error(`${rel}: in neither ${this.project} nor ${this.shared} (see scripts/generate/README.md, "Inputs")`);
    return path.join(root, rel);
  }
}
