// The engine's per-context view, the one object front ends ask about files: built from a target version, a gate
// environment, CRDs and kustomize facts (`CheckOptions`), it answers every question about a text under them —
// findings, hover, completion, quick fixes, gate badges, explanations and the text's own version. The CLI and
// the language server build one per file context and convert its answers to their output; the answers are the
// same whoever asks.
import { checkText } from '../check';
import { completionsInFile } from '../complete/complete-in-file';
import type { CompletionEntry } from '../complete';
import { fixesFor, type Fix } from '../fixes';
import { disableFixes } from '../fixes/disable';
import type { ConfigFileText } from '../fixes/types';
import { gatesNeededBy } from '../fixes/needed-gates';
import { gateBadges, type GateBadge } from '../features/gate-badges';
import { explainField, explainGate } from '../hover';
import type { DescriptionProvider } from '../hover/cluster-description';
import { hoverInFile } from '../hover/hover-in-file';
import { reportForText, type DocumentCheckOptions, type OpenDocument } from '../incremental/open-document';
import type { TextSnapshot } from '../incremental/snapshot';
import { readsOnce } from '../fixes/reads';
import { gateCatalog, loadVersion } from '../knowledge';
import type { CheckOptions } from '../check/options';
import { applySeverityOverrides, type SeverityOverrides } from '../codes/severity-overrides';
import type { FileReport, Finding } from '../codes/finding';
import type { KubeVersion, Position, Range } from '../base/types';
import { versionForText } from '../check/version-for-text';

/** What a quick fix may touch besides the file itself. */
export interface FixSurroundings {
  /** The repo configs that govern the file, with their texts (fixes that enable a gate edit them). */
  configFiles?: ConfigFileText[];
  /** Where a new kind config would be created when there is none (omit: not offered). */
  newKindConfigPath?: string;
  /** Offer "enable in settings" (a front end without a settings command says no). */
  offerSetting?: boolean;
}

export class Analysis {
  constructor(readonly options: CheckOptions) {}

  /** The same context for a file named differently (the CLI names a file as the user wrote it). */
  withFile(file: string): Analysis {
    return new Analysis({ ...this.options, file });
  }

  /** The Kubernetes version a text is checked against: its version comment, else the context's. */
  versionFor(text: string): KubeVersion {
    return versionForText(text, this.options.version);
  }

  /** Every finding of a whole text (no size guard), with the user's severity overrides. */
  check(text: string, severity: SeverityOverrides = {}): FileReport {
    const report = checkText(text, this.options);
    return { ...report, findings: applySeverityOverrides(report.findings, severity) };
  }

  /** The report of an editor document: size guard, severity overrides, and with `open` an incremental re-check. */
  report(text: string, guard: DocumentCheckOptions, open?: OpenDocument): FileReport {
    return open ? open.update(text, this.options, guard) : reportForText(text, this.options, guard);
  }

  // The requests below take the editor document (`open`) when there is one: they then read what its check kept
  // of the text (incremental/snapshot.ts) instead of splitting, parsing or walking it again.

  hover(text: string, position: Position, describe?: DescriptionProvider, open?: OpenDocument): Promise<{ markdown: string; range: Range } | undefined> {
    return hoverInFile(text, position, this.options, describe, open?.snapshot(text, this.options));
  }

  complete(text: string, position: Position, open?: OpenDocument): CompletionEntry[] {
    return completionsInFile(text, position, this.options, open?.snapshot(text, this.options));
  }

  /** Gate badges of the lines `from`..`to` (inlay hints). */
  gateBadges(text: string, lines: { from: number; to: number }, open?: OpenDocument): GateBadge[] {
    return gateBadges(text, lines, this.options, open?.snapshot(text, this.options));
  }

  /** Quick fixes of each finding of `report` (a finding whose fixes cannot be built gets none). */
  fixes(text: string, report: FileReport, findings: readonly Finding[], around: FixSurroundings, open?: OpenDocument): Map<Finding, Fix[]> {
    const snapshot = open?.snapshot(text, this.options);
    // Every finding can also be silenced, on its line or in the whole file (fixes/disable.ts), even when the
    // rest cannot be built (a file Kubegate failed on: check-failed).
    const disable = disableFixes(findings, text, this.options.file ?? '', snapshot);
    try {
      return this.ownFixes(text, report, findings, around, disable, snapshot);
    } catch {
      return new Map(findings.map((f) => [f, disable.get(f) ?? []]));
    }
  }

  private ownFixes(text: string, report: FileReport, findings: readonly Finding[], around: FixSurroundings, disable: Map<Finding, Fix[]>, snapshot: TextSnapshot | undefined): Map<Finding, Fix[]> {
    const version = snapshot?.version ?? this.versionFor(text);
    const context = {
      file: this.options.file ?? '',
      text,
      ...(snapshot ? { snapshot } : {}),
      // Each text is read once for all the findings; the file's own text once per text with a snapshot.
      reads: readsOnce(snapshot),
      version,
      versionData: loadVersion(version).data,
      gates: gateCatalog(),
      configFiles: around.configFiles,
      newKindConfigPath: around.newKindConfigPath,
      neededGates: gatesNeededBy(report.findings),
      offerSetting: around.offerSetting,
    };
    const out = new Map<Finding, Fix[]>();
    for (const finding of findings) {
      let fixes: Fix[];
      try {
        fixes = fixesFor(finding, context);
      } catch {
        fixes = [];
      }
      out.set(finding, [...fixes, ...(disable.get(finding) ?? [])]);
    }
    return out;
  }

  /** `kubegate explain GATE` in Markdown. */
  explainGate(name: string): string {
    return explainGate(name, { version: this.options.version, environment: this.options.environment });
  }

  /** `kubegate explain KIND[.path]` in Markdown, or undefined when the kind or path is unknown. */
  explainField(apiVersion: string, kind: string, path: string | undefined): string | undefined {
    return explainField(apiVersion, kind, path, { version: this.options.version, environment: this.options.environment, crds: this.options.crds });
  }
}
