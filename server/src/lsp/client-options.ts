// What the client said at initialize (capabilities and initializationOptions), kept by the session for the
// requests that read it later.
import type { ActionOptions } from './actions';

/** What the client said at initialize (capabilities and initializationOptions) that later requests read. */
export interface ClientOptions {
  /** Longer texts get syntax diagnostics only (initializationOptions.maxFileChars). */
  maxChars: number;
  /** Texts this long or longer are checked in the check thread (initializationOptions.backgroundCheckChars). */
  backgroundChars: number;
  /** False in an untrusted workspace: it never reaches a cluster, whatever the settings say. */
  trusted: boolean;
  actionOptions: ActionOptions;
  snippetSupport: boolean;
  /** False when the client brings its own snippets (initializationOptions.serverSnippets). */
  serverSnippets: boolean;
  inlayRefreshSupport: boolean;
  /** The client accepts dynamic registration of workspace/didChangeConfiguration and didChangeWatchedFiles. */
  dynamicConfig: boolean;
  dynamicWatch: boolean;
  yamlExtensionActive?: boolean; // Red Hat's YAML extension reports syntax errors (init options, kubegate/yamlExtension)
}

/** The options, plus what initialize sets once on the workspace and settings. */
export interface ClientSetup extends ClientOptions {
  /** Only open buffers are read (initializationOptions.virtualWorkspace). */
  virtualWorkspace: boolean;
  /** The client answers workspace/configuration. */
  pullConfiguration: boolean;
  /** URIs of the workspace folders. */
  folders: string[];
}
