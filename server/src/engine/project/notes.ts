// What the project says to the user (a CLI `note:` line, the editor's status item): each distinct sentence once.
export class ProjectNotes {
  private readonly said = new Set<string>();

  constructor(private readonly sink: ((message: string) => void) | undefined) {}

  /** Says `message` unless it was said before. */
  say(message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.sink?.(message);
  }
}
