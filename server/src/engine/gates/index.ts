// Feature-gate intelligence: the gate step of a check, the gate-state model, config readers and discovery.
export { runGateStep, gateStepOf, environmentForFile, type GateStepContext } from './gate-step';
export { buildGateEnvironment } from './environment';
export { explicitSettings } from './feature-gates-flag';
export { readGateConfigsFromText, type ConfigDocInfo } from './config-readers';
export { parseGoBool } from './parse-bool';
