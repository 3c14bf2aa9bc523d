// The kubegate/* requests: explain, workspace stats, gate report, kind config, schema and cluster refresh
// (the reports' content: ../custom.ts; the schema's: ../schema.ts); the client's kubegate/yamlExtension notification.
import type { Connection } from 'vscode-languageserver/node';
import {
  ExplainRequest,
  GateReportRequest,
  KindConfigRequest,
  RefreshClusterRequest,
  SchemaRequest,
  WorkspaceStatsRequest,
  YamlExtensionNotification,
  type ExplainParams,
  type ExplainResult,
  type GateReportParams,
  type KindConfigParams,
  type SchemaParams,
  type WorkspaceStatsResult,
  type YamlExtensionParams,
} from '../../contract/protocol';
import { gateReport, kindConfigForWorkspace } from '../custom';
import { overLimit, tooLargeMessage } from '../guard';
import { safeAsync } from '../safe';
import { answerSchemaRequest } from '../schema';
import { openDocument } from './features';
import type { Session } from '../session';

export function registerCustomRequests(connection: Connection, session: Session): void {
  connection.onRequest(WorkspaceStatsRequest, (): WorkspaceStatsResult => ({ ...session.ws.disk.stats(), configParses: session.project.counters.configParses, walks: session.snapshots.walks(), threadChecks: { ...session.checks.background.counters } }));

  // The hover's text for a position, also for a document that is not open (read from disk).
  connection.onRequest(ExplainRequest, async (params: ExplainParams): Promise<ExplainResult> => {
    const text = session.ws.documentText(params.textDocument.uri);
    if (text === undefined) return null;
    const { maxChars } = session.client;
    if (overLimit(text, maxChars)) return { markdown: tooLargeMessage(text.length, maxChars) };
    const ctx = await session.checks.contextFor(params.textDocument.uri);
    const view = await safeAsync(connection, async () => ctx.analysis.hover(text, params.position, await session.clusterReads.describerFor(ctx), openDocument(session, params.textDocument.uri)));
    return view ? { markdown: view.markdown } : null;
  });

  connection.onRequest(GateReportRequest, async (params: GateReportParams | undefined) => {
    const version = await session.checks.workspaceVersion();
    return gateReport(await session.checks.reportSources(params?.uris), version);
  });

  connection.onRequest(KindConfigRequest, async (params: KindConfigParams | undefined) => {
    const version = await session.checks.workspaceVersion();
    return kindConfigForWorkspace(await session.checks.reportSources(params?.uris), version);
  });

  connection.onRequest(SchemaRequest, (params: SchemaParams | undefined) =>
    safeAsync(connection, () =>
      answerSchemaRequest(params, {
        textOf: (uri) => session.ws.documentText(uri),
        contextFor: (uri) => session.checks.contextFor(uri),
        workspaceContext: () => session.checks.workspaceContext(),
        walkedFor: (uri, text, ctx) => openDocument(session, uri)?.snapshot(text, ctx.analysis.options).analysis,
      }),
    ).then((r) => r ?? null),
  );

  connection.onRequest(RefreshClusterRequest, () => session.clusterReads.refresh());
  connection.onNotification(YamlExtensionNotification, (params: YamlExtensionParams | undefined) => session.sync.yamlExtensionChanged(params?.active === true));
}
