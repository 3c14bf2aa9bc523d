// Red Hat's YAML extension reports YAML syntax errors itself when it is installed and enabled with `yaml.validate`
// on (its default): the server is told (initialization options, then kubegate/yamlExtension as extensions are
// installed, enabled or disabled and as the setting changes), so that a plain syntax error is shown once.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { YamlExtensionNotification } from '../../server/src/contract/protocol';
import { YAML_EXTENSION_ID } from './yamlSchemas';

export function yamlExtensionActive(): boolean {
  return vscode.extensions.getExtension(YAML_EXTENSION_ID) !== undefined && vscode.workspace.getConfiguration('yaml').get<boolean>('validate', true) !== false;
}

/** Tells the server now (the state may have changed since it started) and on every change. */
export function watchYamlExtension(client: LanguageClient): vscode.Disposable {
  const send = (): void => {
    void Promise.resolve(client.sendNotification(YamlExtensionNotification, { active: yamlExtensionActive() })).catch(() => undefined);
  };
  send();
  return vscode.Disposable.from(
    vscode.extensions.onDidChange(send),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('yaml.validate')) send();
    }),
  );
}
