// Feature-gate intelligence: the gate step of a check, the gate-state model, config readers and discovery.
export { runGateStep, gateStepOf, environmentForFile, type GateStepContext } from './gate-step';
export { GateStateModel, buildGateEnvironment, ANY_COMPONENT, type GateSourcesInput } from './environment';
export { explicitSettings, parseFeatureGatesValue } from './feature-gates-flag';
export { readGateConfig, readGateConfigsFromText, type ConfigDocInfo } from './config-readers';
export { configFilesOf, discoverConfigs, governingConfigs, loadConfigFiles, configsInFolder, type ConfigFileAccess } from './discover-configs';
export { featureGateFinding, type GateKnowledge } from './gate-findings';
export { lookupGateName, gateInVersion, isOffByDefault } from './catalog-lookup';
export { parseGoBool } from './parse-bool';
