// Picks the fixed places in a generated input where the benchmark edits, hovers and completes.
// All three are in the Deployment closest to the middle of the file, so every server has to find its way
// through about half of the documents, and the edits leave the YAML valid.

export interface LinePosition {
  line: number;
  character: number;
}

export interface BenchPositions {
  /** Line of `kind: Deployment` of the chosen document (for the report). */
  documentLine: number;
  /** Where one character is inserted (even edits) and removed again (odd edits): the start of metadata.name's value. */
  edit: LinePosition;
  /** Inside the `replicas` key of the Deployment's top-level spec. */
  hover: LinePosition;
  /** End of the top-level `spec:` line: inserting "\n  " here opens an empty key line inside spec. */
  specLineEnd: LinePosition;
  /** The cursor on that new empty line (valid after the insertion). */
  completion: LinePosition;
}

/** Finds the positions; throws when the text has no Deployment with metadata.name and spec.replicas. */
export function findBenchPositions(text: string): BenchPositions {
  const lines = text.split(/\r?\n/);
  const deployments: number[] = [];
  lines.forEach((l, i) => {
    if (l === 'kind: Deployment') deployments.push(i);
  });
  const middle = lines.length / 2;
  const ordered = [...deployments].sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
  for (const kindLine of ordered) {
    const found = positionsInDocument(lines, kindLine);
    if (found) return found;
  }
  throw new Error('no Deployment with metadata.name and spec.replicas found in the input');
}

function documentBounds(lines: readonly string[], inside: number): { start: number; end: number } {
  let start = inside;
  while (start > 0 && lines[start - 1] !== '---') start--;
  let end = inside;
  while (end + 1 < lines.length && lines[end + 1] !== '---') end++;
  return { start, end };
}

function positionsInDocument(lines: readonly string[], kindLine: number): BenchPositions | undefined {
  const { start, end } = documentBounds(lines, kindLine);
  let metadataLine = -1;
  let specLine = -1;
  for (let i = start; i <= end; i++) {
    if (lines[i] === 'metadata:') metadataLine = i;
    if (lines[i] === 'spec:') specLine = i;
  }
  if (metadataLine < 0 || specLine < 0) return undefined;
  const nameLine = findChild(lines, metadataLine, end, '  name:');
  const replicasLine = findChild(lines, specLine, end, '  replicas:');
  if (nameLine < 0 || replicasLine < 0) return undefined;
  const nameText = lines[nameLine];
  let valueStart = '  name:'.length;
  while (nameText[valueStart] === ' ') valueStart++;
  if (nameText[valueStart] === '"' || nameText[valueStart] === "'") valueStart++;
  if (valueStart >= nameText.length) return undefined;
  return {
    documentLine: kindLine,
    edit: { line: nameLine, character: valueStart },
    hover: { line: replicasLine, character: '  re'.length },
    specLineEnd: { line: specLine, character: lines[specLine].length },
    completion: { line: specLine + 1, character: 2 },
  };
}

/** First line after `parent` (up to `end`) that starts with `prefix`, stopping at the parent's next sibling. */
function findChild(lines: readonly string[], parent: number, end: number, prefix: string): number {
  for (let i = parent + 1; i <= end; i++) {
    const l = lines[i];
    if (l.length > 0 && !l.startsWith(' ') && !l.startsWith('#')) return -1;
    if (l.startsWith(prefix)) return i;
  }
  return -1;
}
